import type { SheetsCredentials } from "../../src/adapters/google-sheets/index.ts";

/**
 * Credentials for the Google Sheets adapter in tests: `token` (none when `undefined`) until the
 * adapter asks for a new one after a 401, then the tokens of `fresh` one after another.
 * @example createGoogleSheets({ …, credentials: fixedToken("sa-token") });
 */
export function fixedToken(
  token: string | undefined,
  options: { email?: string; fresh?: string[] } = {},
): SheetsCredentials & { refreshes: number } {
  const fresh = [...(options.fresh ?? [])];
  const credentials = {
    refreshes: 0,
    accessToken: async () => token,
    async refreshAccessToken() {
      credentials.refreshes++;
      const next = fresh.shift();
      if (next !== undefined) token = next;
      return next;
    },
    serviceAccountEmail: async () => options.email,
    check: async () =>
      token === undefined
        ? ({ kind: "none", reason: "the test gives no token" } as const)
        : ({ kind: "ok", source: "fixed-token" } as const),
  };
  return credentials;
}

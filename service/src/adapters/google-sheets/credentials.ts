import { loadedOnce } from "../../shared/loaded-once.ts";

/** Where the Sheets adapter gets the service account's bearer token and name. */
export interface SheetsCredentials {
  /** A bearer token, or `undefined` when none can be obtained (the API key is then used for reads). */
  accessToken(): Promise<string | undefined>;
  /** A new token in place of one the API refused with a 401, or `undefined` when none can be had. */
  refreshAccessToken(): Promise<string | undefined>;
  /** The account to name in the share-with message, when the credentials say it. */
  serviceAccountEmail(): Promise<string | undefined>;
}

/**
 * Sheets for the workbooks; Drive's read-only metadata so that the preflight can ask whether the
 * account may edit a workbook (`capabilities.canEdit`), which no Sheets API call says.
 */
const SCOPES = [
  "https://www.googleapis.com/auth/spreadsheets",
  "https://www.googleapis.com/auth/drive.metadata.readonly",
];
/** After a failed lookup, Application Default Credentials are not probed again for this long. */
const RETRY_LOOKUP_AFTER_MS = 60_000;

/**
 * The production credentials: `SHEETS_ACCESS_TOKEN` when set (development override), otherwise the
 * service account through Application Default Credentials (Cloud Run's metadata server, or a key
 * file named by `GOOGLE_APPLICATION_CREDENTIALS`). The library caches and refreshes the token; a
 * token the API refuses with a 401 is dropped and a new one fetched once.
 * @example const credentials = defaultSheetsCredentials(config.sheets.accessToken);
 */
export function defaultSheetsCredentials(
  overrideToken: string | undefined,
  now: () => number = Date.now,
): SheetsCredentials {
  if (overrideToken) {
    // A fixed token cannot be refreshed; after a 401 the call fails as the token deserves.
    return {
      accessToken: async () => overrideToken,
      refreshAccessToken: async () => undefined,
      serviceAccountEmail: async () => undefined,
    };
  }
  // google-auth-library is loaded with the first call: a service on local workbooks never needs it.
  const authOf = loadedOnce(
    async () => new (await import("google-auth-library")).GoogleAuth({ scopes: SCOPES }),
  );
  let failedAt = Number.NEGATIVE_INFINITY;
  return {
    async accessToken() {
      // Probing for credentials that are not there can take seconds; do not repeat it on every read.
      if (now() - failedAt < RETRY_LOOKUP_AFTER_MS) return undefined;
      try {
        return (await (await authOf()).getAccessToken()) ?? undefined;
      } catch {
        failedAt = now();
        return undefined;
      }
    },
    async refreshAccessToken() {
      try {
        // The client caches its token until it expires; forgetting it makes the next call fetch a new one.
        const client = await (await authOf()).getClient();
        client.credentials = {};
        return (await client.getAccessToken()).token ?? undefined;
      } catch {
        return undefined;
      }
    },
    async serviceAccountEmail() {
      try {
        return (await (await authOf()).getCredentials()).client_email ?? undefined;
      } catch {
        return undefined;
      }
    },
  };
}

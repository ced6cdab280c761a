import type { GoogleAuth } from "google-auth-library";
import type { CredentialsAccess } from "../../ports/access-probe.ts";
import { loadedOnce } from "../../shared/loaded-once.ts";
import { readKeyFile, type ServiceAccountKey, tokenFailure } from "./key-file.ts";

/** Where the Sheets adapter gets the service account's bearer token and name. */
export interface SheetsCredentials {
  /** A bearer token, or `undefined` when none can be obtained (the API key is then used for reads). */
  accessToken(): Promise<string | undefined>;
  /** A new token in place of one the API refused with a 401, or `undefined` when none can be had. */
  refreshAccessToken(): Promise<string | undefined>;
  /** The account to name in the share-with message, when the credentials say it. */
  serviceAccountEmail(): Promise<string | undefined>;
  /** Whether a token can be had now and, when not, exactly why (the preflight's question). Never throws. */
  check(): Promise<CredentialsAccess>;
}

export interface CredentialsOptions {
  /** `SHEETS_ACCESS_TOKEN`: a fixed token instead of the service account's (development). */
  accessToken?: string;
  /** `GOOGLE_APPLICATION_CREDENTIALS`: a service account's JSON key file. */
  keyFile?: string;
  /** `GOOGLE_OAUTH_TOKEN_URL`: where a key is exchanged for a token (tests point it at the fake). */
  tokenUrl?: string;
  now?: () => number;
}

/**
 * Sheets for the workbooks; Drive's read-only metadata so that the preflight can ask whether the
 * account may edit a workbook (`capabilities.canEdit`), which no Sheets API call says.
 */
const SCOPES = [
  "https://www.googleapis.com/auth/spreadsheets",
  "https://www.googleapis.com/auth/drive.metadata.readonly",
];
/** Google's token endpoint, where google-auth-library sends a signed key. */
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
/** After a failed lookup, Application Default Credentials are not probed again for this long. */
const RETRY_LOOKUP_AFTER_MS = 60_000;
/** The preflight's lookup answers within this. */
const CHECK_WITHIN_MS = 10_000;

/** A key file that cannot be used: the lookup stops there, with what is wrong. */
class KeyFileError extends Error {
  readonly access: CredentialsAccess;
  constructor(access: CredentialsAccess) {
    super("the key file cannot be used");
    this.access = access;
  }
}

/**
 * The production credentials: `SHEETS_ACCESS_TOKEN` when set (development override), otherwise the
 * service account: from the key file `GOOGLE_APPLICATION_CREDENTIALS` names, or through
 * Application Default Credentials (Cloud Run's metadata server). The library caches and refreshes
 * the token; a token the API refuses with a 401 is dropped and a new one fetched once.
 * @example const credentials = defaultSheetsCredentials({ accessToken: config.sheets.accessToken, keyFile: config.sheets.keyFile });
 */
export function defaultSheetsCredentials(options: CredentialsOptions = {}): SheetsCredentials {
  const overrideToken = options.accessToken;
  if (overrideToken) {
    // A fixed token cannot be refreshed; after a 401 the call fails as the token deserves.
    return {
      accessToken: async () => overrideToken,
      refreshAccessToken: async () => undefined,
      serviceAccountEmail: async () => undefined,
      check: async () => ({ kind: "ok", source: "fixed-token" }),
    };
  }
  const now = options.now ?? Date.now;
  // google-auth-library is loaded with the first call: a service on local workbooks never needs it.
  const authOf = loadedOnce(() => googleAuth(options));
  let failedAt = Number.NEGATIVE_INFINITY;
  const credentials: SheetsCredentials = {
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
    async check() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<CredentialsAccess>((resolve) => {
        timer = setTimeout(
          () => resolve({ kind: "unreachable", reason: `no token within ${CHECK_WITHIN_MS / 1000} s` }),
          CHECK_WITHIN_MS,
        );
      });
      const lookup = (async (): Promise<CredentialsAccess> => {
        try {
          const token = await (await authOf()).getAccessToken();
          if (!token) return { kind: "refused", reason: "the token service sent no token" };
          // The credentials work again: reads need not wait out the pause after a failure.
          failedAt = Number.NEGATIVE_INFINITY;
          const source = options.keyFile ? "key-file" : "platform";
          return { kind: "ok", source, account: await credentials.serviceAccountEmail() };
        } catch (error) {
          return error instanceof KeyFileError ? error.access : tokenFailure(error);
        }
      })();
      try {
        return await Promise.race([lookup, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return credentials;
}

/** The library's client for these options: a key read and checked here first, when one is named. */
async function googleAuth(options: CredentialsOptions): Promise<GoogleAuth> {
  const { GoogleAuth } = await import("google-auth-library");
  let key: ServiceAccountKey | undefined;
  if (options.keyFile) {
    const read = await readKeyFile(options.keyFile);
    if ("problem" in read) throw new KeyFileError(read.problem);
    key = read.key;
  }
  const tokenUrl = options.tokenUrl;
  return new GoogleAuth({
    scopes: SCOPES,
    credentials: key,
    clientOptions:
      tokenUrl && tokenUrl !== GOOGLE_TOKEN_URL
        ? {
            transporterOptions: {
              // The library sends a signed key to Google's endpoint alone; this sends it to `tokenUrl`.
              adapter: (prepared, send) =>
                send(
                  String(prepared.url) === GOOGLE_TOKEN_URL
                    ? { ...prepared, url: new URL(tokenUrl) }
                    : prepared,
                ),
            },
          }
        : undefined,
  });
}

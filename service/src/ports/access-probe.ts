/**
 * The access probe: what the preflight asks of the outside without changing anything — may the
 * service write this workbook, may it read and write the data repository, and until when its
 * credentials hold. One implementation per backend of each port, chosen with them at startup
 * (`adapters/index.ts`): Google Drive's `capabilities.canEdit` or the local file, the GitHub
 * Contents API or the local folder.
 */

/** What the service account may do with one workbook, as the spreadsheet service says it. */
export type WorkbookAccess =
  | { kind: "edit" }
  /** Shared with the account, but as Viewer or Commenter. */
  | { kind: "read-only" }
  /** Not shared with the account at all (it may still be readable through the API key). */
  | { kind: "not-shared" }
  /** The spreadsheet service could not tell; `reason` says why in one sentence, with its fix. */
  | { kind: "unknown"; reason: string };

/** One answer of the data repository's host to reading, or to trying to write, one file. */
export type RepositoryAnswer =
  | "ok"
  /** The file is not there (reading only). */
  | "missing"
  /** The token was refused (GitHub 401). */
  | "bad-token"
  /** The branch is not there. */
  | "no-branch"
  /** The host refuses this token for this repository (403: not granted it, or an organisation's SSO). */
  | "forbidden"
  /** The token may read but not write (a read-only token, or no push access). */
  | "read-only"
  /** A branch protection rule or ruleset refuses direct writes to the branch. */
  | "protected"
  | "rate-limited"
  | "unreachable";

/** What reading and a write that cannot succeed told about the data repository. */
export interface RepositoryAccess {
  /** Where: `owner/name@branch`, or the local folder. */
  location: string;
  read: RepositoryAnswer;
  /** Why the host could not be reached or failed (`unreachable`): the name did not resolve, the connection was refused, its HTTP status. */
  cause?: string;
  /** `undefined` when no write was tried (the file to try it on is missing, or reading failed). */
  write?: RepositoryAnswer;
  /** When the token expires, if the host says (GitHub's `github-authentication-token-expiration`). */
  tokenExpiresAt?: string;
}

/**
 * Whether the spreadsheet service's credentials give the service a token, and if not, why: what
 * the preflight names before it asks anything of a workbook.
 */
export type CredentialsAccess =
  /** A token was had: from a key file, the platform's own account (Cloud Run), or a fixed token. */
  | { kind: "ok"; source: "key-file" | "platform" | "fixed-token"; account?: string }
  /** No credentials at all: no key file named, and not running where the platform gives an account. */
  | { kind: "none"; reason: string }
  /** `GOOGLE_APPLICATION_CREDENTIALS` names a file that cannot be used: missing, unreadable, not JSON, not a service account key. */
  | {
      kind: "key-file";
      file: string;
      problem: "missing" | "unreadable" | "not-json" | "not-a-key";
      reason: string;
    }
  /** The credentials were refused by the token service (a revoked, deleted or made-up key). */
  | { kind: "refused"; reason: string }
  /** The token service could not be reached. */
  | { kind: "unreachable"; reason: string };

export interface AccessProbe {
  /** The account the workbooks must be shared with as Editor, for messages. */
  account(): Promise<string>;
  /**
   * Whether the spreadsheet credentials give a token; `undefined` for a backend that needs none
   * (local workbooks). Never throws.
   */
  credentials(): Promise<CredentialsAccess | undefined>;
  /**
   * Whether the service may write this workbook. Changes nothing.
   * @example if ((await probe.workbook(sheetId)).kind === "read-only") …
   */
  workbook(sheetId: string): Promise<WorkbookAccess>;
  /**
   * Reads `path` and tries a write of it that the host refuses after checking the credentials (a
   * stale revision), so that nothing is ever committed. Never throws.
   * @example const access = await probe.repository("config/events.json");
   */
  repository(path: string): Promise<RepositoryAccess>;
}

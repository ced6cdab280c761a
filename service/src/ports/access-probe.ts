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
  /** `undefined` when no write was tried (the file to try it on is missing, or reading failed). */
  write?: RepositoryAnswer;
  /** When the token expires, if the host says (GitHub's `github-authentication-token-expiration`). */
  tokenExpiresAt?: string;
}

export interface AccessProbe {
  /** The account the workbooks must be shared with as Editor, for messages. */
  account(): Promise<string>;
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

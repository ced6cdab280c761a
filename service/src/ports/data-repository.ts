/**
 * The data-repository port: files addressed by repository path (`config/events.json`,
 * `<event>/data/<day>.json`), each read with its revision and written by compare-and-swap.
 * Adapters: the GitHub Contents API (`adapters/github-contents/`), a local folder (`adapters/data-folder/`).
 */

import { AppError } from "../shared/errors.ts";

export interface StoredFile {
  content: string;
  /** Opaque revision: the git blob sha of the content in both adapters. */
  revision: string;
}

/** Thrown by `write` when the file's revision is no longer the one given: re-read and retry. */
export class RevisionConflictError extends Error {
  override readonly name = "RevisionConflictError";
  readonly path: string;
  constructor(path: string) {
    super(`${path} changed since it was read`);
    this.path = path;
  }
}

/**
 * Thrown by `read` or `write` when the repository's host asks for a pause (GitHub's primary or
 * secondary rate limit): nothing was done, and the same call may be made again after `waitMs`.
 */
export class RateLimitedError extends AppError {
  readonly waitMs: number;
  constructor(waitMs: number) {
    super(
      "upstream_failure",
      `the data repository is rate-limited; it takes requests again in ${Math.ceil(waitMs / 1000)} s`,
    );
    this.waitMs = waitMs;
  }
}

/** A turn to write one file, given by the service's write budget (see `DataRepository.turn`). */
export interface WriteTurn {
  /** Settles when the write may start. */
  ready: Promise<void>;
  /** When the turn is expected (epoch ms), when it is not now; absent, the turn is granted already. */
  expectedAt?: number;
}

export interface DataRepository {
  /** The file and its revision, or `undefined` when there is no such file. */
  read(path: string): Promise<StoredFile | undefined>;

  /**
   * Writes `content` if the file's current revision is `expectedRevision`
   * (`null`: only if the file does not exist yet). Returns the new revision.
   * @throws RevisionConflictError when someone else wrote first.
   * @throws RateLimitedError when the host asks for a pause first.
   */
  write(
    path: string,
    content: string,
    expectedRevision: string | null,
    message: string,
  ): Promise<{ revision: string }>;

  /**
   * Present when writes go through the service's write budget (`adapters/budgeted-repository/`):
   * a turn to write `path` among the writes that may wait, kept for the next `write` of `path`. A
   * writer that merges what arrives while it waits (a day snapshot) takes its turn first and then
   * builds what it writes, so the commit holds the newest. Any other write waits for a turn of its
   * own, served before these.
   */
  turn?(path: string): WriteTurn;
}

/**
 * The data-repository port: files addressed by repository path (`config/events.json`,
 * `<event>/data/<day>.json`), each read with its revision and written by compare-and-swap.
 * Adapters: the GitHub Contents API (`adapters/github-contents/`), a local folder (`adapters/data-folder/`).
 */

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

export interface DataRepository {
  /** The file and its revision, or `undefined` when there is no such file. */
  read(path: string): Promise<StoredFile | undefined>;

  /**
   * Writes `content` if the file's current revision is `expectedRevision`
   * (`null`: only if the file does not exist yet). Returns the new revision.
   * @throws RevisionConflictError when someone else wrote first.
   */
  write(
    path: string,
    content: string,
    expectedRevision: string | null,
    message: string,
  ): Promise<{ revision: string }>;
}

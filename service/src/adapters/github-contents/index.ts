import { type DataRepository, RevisionConflictError, type StoredFile } from "../../ports/data-repository.ts";
import { AppError } from "../../shared/errors.ts";
import { gitBlobSha } from "../../shared/git-blob.ts";
import { assertRepositoryPath } from "../data-folder/repository-path.ts";
import { failure, type GitHubContentsOptions, githubClient, statusOf } from "./octokit.ts";

export { githubRepositoryAccess } from "./access.ts";
export type { GitHubContentsOptions } from "./octokit.ts";

interface ContentFile {
  type?: string;
  sha?: string;
  content?: string;
  encoding?: string;
}

/** The data-repository port over GitHub, plus what the pages' publisher needs: bytes, and removal. */
export interface GitHubContents extends DataRepository {
  /** `write` for any bytes (an image), not only text. */
  writeBytes(
    path: string,
    bytes: Uint8Array,
    expectedRevision: string | null,
    message: string,
  ): Promise<{ revision: string }>;
  /**
   * Deletes `path` if its revision is still `expectedRevision` (one commit).
   * @throws RevisionConflictError when the file changed or is gone; RateLimitedError when GitHub asks for a pause.
   */
  remove(path: string, expectedRevision: string, message: string): Promise<void>;
}

/**
 * The data-repository port over the GitHub Contents API. The revision is the file's blob sha, the
 * same git blob hash the local data folder reports. A file over 1 MB, which the JSON answer leaves
 * empty (`encoding: "none"`), is read again through the raw media type and its sha computed from
 * the bytes. A write sends the sha read; GitHub's 409 (stale sha) or 422 (sha missing for an
 * existing file) is a `RevisionConflictError`; a rate limit is a `RateLimitedError` with its wait.
 * A file read before is read again conditionally (`If-None-Match` with its `ETag`): while it is
 * unchanged GitHub answers 304, which it does not count against the token's 5,000 requests an hour.
 * @example const repo = createGitHubContents({ repo: "acme/tournament-data", branch: "main", token, apiUrl });
 */
export function createGitHubContents(options: GitHubContentsOptions): GitHubContents {
  const { repos, owner, repo, request } = githubClient(options);
  /** Each file as last read, with the tag GitHub gave that answer. */
  const known = new Map<string, { etag: string; file: StoredFile }>();

  async function readRaw(path: string): Promise<StoredFile> {
    const response = await (await repos()).getContent({
      owner,
      repo,
      path,
      ref: options.branch,
      mediaType: { format: "raw" },
      request: { ...request(), parseSuccessResponseBody: false },
    });
    // Unparsed, so that the bytes, and so the sha, are exactly the stored ones.
    const bytes = Buffer.from(await new Response(response.data as unknown as ReadableStream).arrayBuffer());
    return { content: bytes.toString("utf8"), revision: gitBlobSha(bytes) };
  }

  async function writeBytes(
    path: string,
    bytes: Uint8Array,
    expectedRevision: string | null,
    message: string,
  ): Promise<{ revision: string }> {
    assertRepositoryPath(path);
    try {
      const { data } = await (await repos()).createOrUpdateFileContents({
        owner,
        repo,
        path,
        message,
        branch: options.branch,
        content: Buffer.from(bytes).toString("base64"),
        ...(expectedRevision === null ? {} : { sha: expectedRevision }),
        request: request(),
      });
      // A 2xx whose body is unreadable proves nothing was committed: treat it as a failed write.
      const sha = typeof data === "object" && data !== null ? data.content?.sha : undefined;
      if (typeof sha !== "string")
        throw new AppError(
          "upstream_failure",
          `the data repository sent an unreadable answer (writing ${path})`,
        );
      return { revision: sha };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const status = statusOf(error);
      const staleSha = status === 409 || (status === 422 && /\bsha\b/i.test((error as Error).message));
      if (staleSha) throw new RevisionConflictError(path);
      throw failure(`writing ${path}`, error);
    }
  }

  return {
    async read(path) {
      assertRepositoryPath(path);
      const cached = known.get(path);
      try {
        const { data, headers } = await (await repos()).getContent({
          owner,
          repo,
          path,
          ref: options.branch,
          headers: cached ? { "if-none-match": cached.etag } : {},
          request: request(),
        });
        if (Array.isArray(data) || (data as ContentFile).type !== "file") {
          throw new AppError("upstream_failure", `the data repository sent no file for ${path}`);
        }
        const entry = data as ContentFile;
        const file =
          entry.encoding === "base64" && typeof entry.content === "string" && typeof entry.sha === "string"
            ? { content: Buffer.from(entry.content, "base64").toString("utf8"), revision: entry.sha }
            : await readRaw(path);
        if (typeof headers.etag === "string") known.set(path, { etag: headers.etag, file });
        return file;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (statusOf(error) === 304 && cached) return cached.file;
        if (statusOf(error) === 404) {
          known.delete(path);
          return undefined;
        }
        throw failure(`reading ${path}`, error);
      }
    },

    write(path, content, expectedRevision, message) {
      return writeBytes(path, Buffer.from(content, "utf8"), expectedRevision, message);
    },

    writeBytes,

    async remove(path, expectedRevision, message) {
      assertRepositoryPath(path);
      try {
        await (await repos()).deleteFile({
          owner,
          repo,
          path,
          message,
          sha: expectedRevision,
          branch: options.branch,
          request: request(),
        });
      } catch (error) {
        // 409: the sha is stale; 404: the file is gone already. Either way it is not the one read.
        const status = statusOf(error);
        if (status === 409 || status === 404) throw new RevisionConflictError(path);
        throw failure(`removing ${path}`, error);
      }
    },
  };
}

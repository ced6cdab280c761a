import { Octokit } from "@octokit/rest";
import {
  type DataRepository,
  RateLimitedError,
  RevisionConflictError,
  type StoredFile,
} from "../../ports/data-repository.ts";
import { AppError } from "../../shared/errors.ts";
import { gitBlobSha } from "../../shared/git-blob.ts";
import { assertRepositoryPath } from "../data-folder/repository-path.ts";

export interface GitHubContentsOptions {
  /** `DATA_REPO`: `owner/name`. */
  repo: string;
  /** `DATA_BRANCH`. */
  branch: string;
  /** `DATA_REPO_TOKEN`; without it only a public repository can be read. */
  token?: string;
  /** `GITHUB_API_URL`, such as `https://api.github.com`. */
  apiUrl: string;
  /** `DATA_REPO_TIMEOUT_MS`: the bound on each API call in milliseconds; default 20 000, 0 = none. */
  timeoutMs?: number;
}

interface ContentFile {
  type?: string;
  sha?: string;
  content?: string;
  encoding?: string;
}

// Octokit logs every failed request; a 404 or 409 here is an expected answer, not an error.
const QUIET = { debug() {}, info() {}, warn() {}, error() {} };

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" ? status : undefined;
}

/** Without a header that says how long, GitHub documents a wait of at least a minute. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * GitHub's rate limits as documented: a 403 or 429 with `Retry-After` (seconds to wait), or with
 * `x-ratelimit-remaining: 0` (wait until `x-ratelimit-reset`, epoch seconds); a 429, or a 403
 * whose message names a rate limit, without either header means a minute. Any other 403 is a refusal.
 */
function rateLimitOf(error: unknown): RateLimitedError | undefined {
  const status = statusOf(error);
  if (status !== 403 && status !== 429) return undefined;
  const headers = ((error as { response?: { headers?: Record<string, string | undefined> } }).response
    ?.headers ?? {}) as Record<string, string | undefined>;
  const retryAfter = Number(headers["retry-after"]);
  if (headers["retry-after"] !== undefined && Number.isFinite(retryAfter))
    return new RateLimitedError(Math.max(0, retryAfter * 1000));
  const reset = Number(headers["x-ratelimit-reset"]);
  if (headers["x-ratelimit-remaining"] === "0" && Number.isFinite(reset))
    return new RateLimitedError(Math.max(0, reset * 1000 - Date.now()));
  if (status === 429 || /rate limit/i.test((error as Error).message))
    return new RateLimitedError(DEFAULT_RATE_LIMIT_WAIT_MS);
  return undefined;
}

function failure(action: string, error: unknown): AppError {
  const limited = rateLimitOf(error);
  if (limited) return limited;
  const status = statusOf(error);
  const names = [(error as Error).name, ((error as Error).cause as Error | undefined)?.name];
  if (names.includes("TimeoutError") || names.includes("AbortError")) {
    return new AppError("upstream_failure", `the data repository did not answer in time (${action})`);
  }
  const detail =
    status === undefined || status === 500 ? "could not be reached or failed" : `answered HTTP ${status}`;
  return new AppError("upstream_failure", `the data repository ${detail} (${action})`);
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
export function createGitHubContents(options: GitHubContentsOptions): DataRepository {
  const [owner = "", repo = ""] = options.repo.split("/");
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.apiUrl,
    userAgent: "tournament-ops",
    log: QUIET,
  });
  const timeoutMs = options.timeoutMs ?? 20_000;
  const request = () => ({ signal: timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined });
  /** Each file as last read, with the tag GitHub gave that answer. */
  const known = new Map<string, { etag: string; file: StoredFile }>();

  async function readRaw(path: string): Promise<StoredFile> {
    const response = await octokit.rest.repos.getContent({
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

  return {
    async read(path) {
      assertRepositoryPath(path);
      const cached = known.get(path);
      try {
        const { data, headers } = await octokit.rest.repos.getContent({
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

    async write(path, content, expectedRevision, message) {
      assertRepositoryPath(path);
      try {
        const { data } = await octokit.rest.repos.createOrUpdateFileContents({
          owner,
          repo,
          path,
          message,
          branch: options.branch,
          content: Buffer.from(content, "utf8").toString("base64"),
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
    },
  };
}

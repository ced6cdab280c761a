import type { Octokit } from "@octokit/rest";
import { RateLimitedError } from "../../ports/data-repository.ts";
import { AppError } from "../../shared/errors.ts";
import { loadedOnce } from "../../shared/loaded-once.ts";

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

// Octokit logs every failed request; a 404 or 409 here is an expected answer, not an error.
const QUIET = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The repository calls of Octokit's client for one repository and branch (Octokit loaded on the
 * first call), and the per-call `request` options that bound each call by `timeoutMs`.
 * @example const { repos, owner, repo, request } = githubClient(options); await (await repos()).getContent(…);
 */
export function githubClient(options: GitHubContentsOptions) {
  const [owner = "", repo = ""] = options.repo.split("/");
  const octokit: () => Promise<Octokit> = loadedOnce(
    async () =>
      new (await import("@octokit/rest")).Octokit({
        auth: options.token,
        baseUrl: options.apiUrl,
        userAgent: "tournament-ops",
        log: QUIET,
      }),
  );
  const repos = async () => (await octokit()).rest.repos;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const request = () => ({ signal: timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined });
  return { repos, owner, repo, branch: options.branch, request };
}

/** The HTTP status of an Octokit error, if it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" ? status : undefined;
}

/** The response headers of an Octokit answer or error, lower-cased names. */
export function headersOf(answerOrError: unknown): Record<string, string | undefined> {
  const from = answerOrError as { headers?: unknown; response?: { headers?: unknown } };
  return (from.response?.headers ?? from.headers ?? {}) as Record<string, string | undefined>;
}

/** Without a header that says how long, GitHub documents a wait of at least a minute. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * GitHub's rate limits as documented: a 403 or 429 with `Retry-After` (seconds to wait), or with
 * `x-ratelimit-remaining: 0` (wait until `x-ratelimit-reset`, epoch seconds); a 429, or a 403
 * whose message names a rate limit, without either header means a minute. Any other 403 is a refusal.
 */
export function rateLimitOf(error: unknown): RateLimitedError | undefined {
  const status = statusOf(error);
  if (status !== 403 && status !== 429) return undefined;
  const headers = headersOf(error);
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

/** True for an error of a call that timed out (`DATA_REPO_TIMEOUT_MS`). */
export function timedOut(error: unknown): boolean {
  const names = [(error as Error).name, ((error as Error).cause as Error | undefined)?.name];
  return names.includes("TimeoutError") || names.includes("AbortError");
}

/** A failed call as the port reports it: a rate limit to wait out, or `upstream_failure` in our words. */
export function failure(action: string, error: unknown): AppError {
  const limited = rateLimitOf(error);
  if (limited) return limited;
  const status = statusOf(error);
  if (timedOut(error)) {
    return new AppError("upstream_failure", `the data repository did not answer in time (${action})`);
  }
  const detail =
    status === undefined || status === 500 ? "could not be reached or failed" : `answered HTTP ${status}`;
  return new AppError("upstream_failure", `the data repository ${detail} (${action})`);
}

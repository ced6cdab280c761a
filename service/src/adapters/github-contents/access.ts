import type { RepositoryAccess, RepositoryAnswer } from "../../ports/access-probe.ts";
import { networkCause } from "../../shared/network-cause.ts";
import {
  type GitHubContentsOptions,
  githubClient,
  headersOf,
  rateLimitOf,
  statusOf,
  timedOut,
} from "./octokit.ts";

/** A sha no file has: GitHub checks the token's right to write before it compares the sha. */
const STALE_SHA = "0".repeat(40);

/**
 * GitHub's `github-authentication-token-expiration` header (`2026-12-31 00:00:00 UTC`, or with a
 * `-0800` offset) as an ISO 8601 time; `undefined` when absent or unreadable.
 */
export function tokenExpiration(header: string | undefined): string | undefined {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) (UTC|[+-]\d{4})$/.exec(header?.trim() ?? "");
  if (!match) return undefined;
  const [, date, time, zone = ""] = match;
  const offset = zone === "UTC" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const parsed = new Date(`${date}T${time}${offset}`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
}

/** Why GitHub could not be reached or failed: the network's reason, the time-out, or its status. */
function unreachableCause(error: unknown): string {
  if (timedOut(error)) return "no answer in time (DATA_REPO_TIMEOUT_MS)";
  const network = networkCause(error);
  if (network !== undefined) return network;
  const status = (error as { response?: unknown }).response === undefined ? undefined : statusOf(error);
  return status === undefined ? `no answer (${(error as Error).message})` : `GitHub answered HTTP ${status}`;
}

/** What a failed call says, in the port's words. */
function answerOf(error: unknown, write: boolean): RepositoryAnswer {
  if (rateLimitOf(error)) return "rate-limited";
  const status = statusOf(error);
  const message = (error as Error).message ?? "";
  if (status === undefined || timedOut(error) || status >= 500) return "unreachable";
  if (status === 401) return "bad-token";
  if (write) {
    // A token that may read a repository but not push to it gets a 403 (fine-grained) or a 404 (classic).
    if (status === 403 || status === 404) return "read-only";
    if (status === 409 && /does not match/i.test(message)) return "ok";
    if (status === 409 || (status === 422 && /protect|rule/i.test(message))) return "protected";
    return "unreachable";
  }
  if (status === 404) return /no commit found for the ref/i.test(message) ? "no-branch" : "missing";
  if (status === 403) return "forbidden";
  return "unreachable";
}

/**
 * The data repository's access probe over the GitHub Contents API: reads `path` on the branch,
 * then sends a write of the very same content with a sha no file has. GitHub checks the token's
 * right to write to the branch (and its protection rules) before it compares the sha, so a 409
 * "does not match" proves the write would be accepted, and nothing is committed (were it ever, the
 * content is unchanged). The token's expiry comes from GitHub's own header, when it sends one.
 * @example const access = await githubRepositoryAccess(options)("config/events.json");
 */
export function githubRepositoryAccess(options: GitHubContentsOptions) {
  const { repos, owner, repo, branch, request } = githubClient(options);
  return async (path: string): Promise<RepositoryAccess> => {
    const access: RepositoryAccess = { location: `${options.repo}@${branch}`, read: "ok" };
    const noteExpiry = (answer: unknown) => {
      const expires = tokenExpiration(headersOf(answer)["github-authentication-token-expiration"]);
      if (expires !== undefined) access.tokenExpiresAt ??= expires;
    };
    let content: string;
    try {
      const answer = await (await repos()).getContent({
        owner,
        repo,
        path,
        ref: branch,
        request: request(),
      });
      noteExpiry(answer);
      const file = answer.data as { type?: string; content?: string; encoding?: string };
      if (Array.isArray(answer.data) || file.type !== "file") return { ...access, read: "missing" };
      // A file over 1 MB comes without its content; the write check then has nothing to send back.
      if (file.encoding !== "base64") return access;
      content = (file.content ?? "").replace(/\s/g, "");
    } catch (error) {
      noteExpiry(error);
      const read = answerOf(error, false);
      return { ...access, read, ...(read === "unreachable" ? { cause: unreachableCause(error) } : {}) };
    }
    try {
      const answer = await (await repos()).createOrUpdateFileContents({
        owner,
        repo,
        path,
        branch,
        message: "preflight: write check (refused by design, never committed)",
        content,
        sha: STALE_SHA,
        request: request(),
      });
      noteExpiry(answer);
      access.write = "ok";
    } catch (error) {
      noteExpiry(error);
      access.write = answerOf(error, true);
      if (access.write === "unreachable") access.cause = unreachableCause(error);
    }
    return access;
  };
}

import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Fault, FaultPlan, type FaultScope } from "./fault-plan.ts";
import { checkGitHubRequest, GitHubRefusal } from "./github-request-check.ts";
import { listen, type RunningServer, readBody, sendJson } from "./http-server.ts";

export interface GitHubApiFake extends RunningServer {
  /** Puts a file on a branch (default: the fake's default branch) without a request. */
  setFile(path: string, content: string | Buffer, branch?: string): void;
  /** A file's bytes on a branch, or `undefined`. */
  file(path: string, branch?: string): Buffer | undefined;
  /** The next matching requests answer `status` with GitHub's error JSON. */
  failNext(fault: { status: 401 | 403 | 404 | 409 | 422 | 429 | 500 | 502 } & FaultScope): void;
  hangNext(scope?: FaultScope): void;
  resetNext(scope?: FaultScope): void;
  malformedNext(scope?: FaultScope): void;
  /**
   * The next matching requests hit a rate limit, answered as GitHub documents it: the primary
   * limit (`403`, `x-ratelimit-remaining: 0`, `x-ratelimit-reset` in `resetInSeconds`) or a
   * secondary one (`403` or `429` with `Retry-After: retryAfterSeconds`).
   */
  rateLimitNext(
    limit: ({ resetInSeconds: number } | { retryAfterSeconds: number; status?: 403 | 429 }) & FaultScope,
  ): void;
  setLatency(ms: number): void;
  /** The `github-authentication-token-expiration` header sent from now on (`undefined`: none). */
  setTokenExpiration(value: string | undefined): void;
  /** Reads answered 304 Not Modified to an `If-None-Match` (GitHub does not count them against its limit). */
  notModified(): number;
  readonly requests: FaultPlan["requests"];
  count(pathPart?: string): number;
  resetLog(): void;
}

const DOCS_GET = "https://docs.github.com/rest/repos/contents#get-repository-content";
const DOCS_PUT = "https://docs.github.com/rest/repos/contents#create-or-update-file-contents";
const DOCS_DELETE = "https://docs.github.com/rest/repos/contents#delete-a-file";
const DOCS_LIMITS = "https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api";
/** Documented: files over 1 MB are served only through the raw (or object) media type. */
const INLINE_LIMIT = 1024 * 1024;

const MESSAGES: Record<number, string> = {
  401: "Bad credentials",
  403: "Resource not accessible by personal access token",
  404: "Not Found",
  409: "Conflict",
  422: "Validation Failed",
  429: "API rate limit exceeded",
  500: "Server Error",
  502: "Server Error",
};

function blobSha(bytes: Buffer): string {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

function fail(
  res: ServerResponse,
  status: number,
  message: string,
  docs = "https://docs.github.com/rest",
): void {
  sendJson(res, status, { message, documentation_url: docs, status: String(status) });
}

/**
 * Starts a fake of the GitHub REST Contents API on 127.0.0.1: `GET`, `PUT` and `DELETE`
 * `/repos/{owner}/{repo}/contents/{path}` with `ref` / `branch`, base64 content, `sha` semantics
 * (409 on a stale sha, 422 when an existing file's sha is missing), 404 in GitHub's error JSON,
 * the raw media type (the only way to read a file over 1 MB), read-only tokens (403 on a write),
 * the token-expiration header, and an `ETag` on each file's answer with `If-None-Match` answered
 * 304 while the file is unchanged.
 * @example const fake = await startGitHubApiFake({ repo: "acme/data", token: "t" });
 */
export async function startGitHubApiFake(options: {
  repo: string;
  token?: string;
  /** Tokens that may read the repository but not write to it (a fine-grained token with Contents: Read). */
  readOnlyTokens?: string[];
  /** Sent as `github-authentication-token-expiration` on every answer, as GitHub does for expiring tokens. */
  tokenExpiration?: string;
  defaultBranch?: string;
}): Promise<GitHubApiFake> {
  const defaultBranch = options.defaultBranch ?? "main";
  const branches = new Map<string, Map<string, Buffer>>([[defaultBranch, new Map()]]);
  const plan = new FaultPlan();
  /** The rate-limit faults queued, with how each one answers. */
  const limits = new WeakMap<
    Fault,
    { status: number; message: string; headers: () => Record<string, string> }
  >();
  let commits = 0;
  let tokenExpiration = options.tokenExpiration;
  let notModified = 0;

  function fileEntry(path: string, bytes: Buffer) {
    return { type: "file", name: path.split("/").pop(), path, sha: blobSha(bytes), size: bytes.length };
  }

  function get(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): void {
    const ref = query.get("ref") ?? defaultBranch;
    const files = branches.get(ref);
    if (!files) {
      fail(res, 404, `No commit found for the ref ${ref}`, DOCS_GET);
      return;
    }
    const bytes = files.get(path);
    if (!bytes) {
      const children = [...files.entries()].filter(([p]) => p.startsWith(`${path}/`));
      if (children.length === 0) fail(res, 404, "Not Found", DOCS_GET);
      else
        sendJson(
          res,
          200,
          children.map(([p, b]) => fileEntry(p, b)),
        );
      return;
    }
    const raw = /\.raw\b|\.raw\+json|vnd\.github\.raw/.test(req.headers.accept ?? "");
    // One tag per file version and representation, as GitHub's (weak) tags are.
    const etag = `W/"${blobSha(bytes)}${raw ? "-raw" : ""}"`;
    if (req.headers["if-none-match"] === etag) {
      notModified += 1;
      res.writeHead(304, { etag }).end();
      return;
    }
    if (raw) {
      res.writeHead(200, {
        "content-type": "application/vnd.github.raw; charset=utf-8",
        "content-length": bytes.length,
        etag,
      });
      res.end(bytes);
      return;
    }
    const inline = bytes.length <= INLINE_LIMIT;
    res.setHeader("etag", etag);
    sendJson(res, 200, {
      ...fileEntry(path, bytes),
      encoding: inline ? "base64" : "none",
      // GitHub wraps base64 content at 60 characters.
      content: inline ? (bytes.toString("base64").match(/.{1,60}/g) ?? []).join("\n") : "",
    });
  }

  function put(
    res: ServerResponse,
    path: string,
    body: { message: string; content: string; sha?: string; branch?: string },
  ): void {
    const files = branches.get(body.branch ?? defaultBranch);
    if (!files) return void fail(res, 404, `Branch ${body.branch} not found`, DOCS_PUT);
    const current = files.get(path);
    if (current && body.sha === undefined)
      return void fail(res, 422, 'Invalid request.\n\n"sha" wasn\'t supplied.', DOCS_PUT);
    if (body.sha !== undefined && (!current || blobSha(current) !== body.sha)) {
      return void fail(res, 409, `${path} does not match ${body.sha}`, DOCS_PUT);
    }
    const bytes = Buffer.from(body.content, "base64");
    files.set(path, bytes);
    commits += 1;
    const commitSha = createHash("sha1").update(`commit ${commits}`).digest("hex");
    sendJson(res, current ? 200 : 201, {
      content: fileEntry(path, bytes),
      commit: { sha: commitSha, message: body.message },
    });
  }

  /**
   * `DELETE /repos/{owner}/{repo}/contents/{path}` as GitHub documents it (not in the vendored
   * slice): `message` and `sha` required, `branch` optional; 404 for a file that is not there,
   * 409 for a stale sha.
   */
  function remove(res: ServerResponse, path: string, body: unknown): void {
    const { message, sha, branch, ...rest } = (body ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined)
      return void fail(res, 422, `Invalid request.\n\n"${unknown}" is not a permitted key.`, DOCS_DELETE);
    for (const [name, value] of [
      ["message", message],
      ["sha", sha],
    ] as const)
      if (typeof value !== "string")
        return void fail(res, 422, `Invalid request.\n\n"${name}" wasn't supplied.`, DOCS_DELETE);
    const files = branches.get(typeof branch === "string" ? branch : defaultBranch);
    if (!files) return void fail(res, 404, `Branch ${String(branch)} not found`, DOCS_DELETE);
    const current = files.get(path);
    if (!current) return void fail(res, 404, "Not Found", DOCS_DELETE);
    if (blobSha(current) !== sha)
      return void fail(res, 409, `${path} does not match ${String(sha)}`, DOCS_DELETE);
    files.delete(path);
    commits += 1;
    const commitSha = createHash("sha1").update(`commit ${commits}`).digest("hex");
    sendJson(res, 200, { content: null, commit: { sha: commitSha, message } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { url, fault, logged } = await plan.arrive(req);
    if (tokenExpiration !== undefined)
      res.setHeader("github-authentication-token-expiration", tokenExpiration);
    if (fault?.kind === "status") {
      const limit = limits.get(fault);
      if (limit)
        return void res
          .writeHead(limit.status, { ...limit.headers(), "content-type": "application/json" })
          .end(JSON.stringify({ message: limit.message, documentation_url: DOCS_LIMITS }));
      return fail(res, fault.status ?? 500, MESSAGES[fault.status ?? 500] ?? "Error");
    }
    if (fault)
      return plan.play(fault, res, JSON.stringify({ message: "cut off here", documentation_url: DOCS_GET }));
    const bearer = /^(?:token|Bearer) (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const readOnly = bearer !== undefined && (options.readOnlyTokens ?? []).includes(bearer);
    if (options.token !== undefined && bearer !== options.token && !readOnly)
      return fail(res, 401, "Bad credentials");
    let body: unknown;
    if (req.method === "PUT" || req.method === "DELETE") {
      try {
        body = JSON.parse((await readBody(req)) || "{}");
        logged.body = body;
      } catch {
        return fail(res, 400, "Problems parsing JSON");
      }
    }
    const contents = /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(url.pathname);
    if (req.method === "DELETE" && contents) {
      if (`${contents[1]}/${contents[2]}` !== options.repo) return fail(res, 404, "Not Found");
      if (readOnly) return fail(res, 403, MESSAGES[403] as string, DOCS_DELETE);
      return remove(res, decodeURIComponent(contents[3] ?? ""), body);
    }
    let call: ReturnType<typeof checkGitHubRequest>;
    try {
      call = checkGitHubRequest(req.method ?? "GET", url.pathname, url.searchParams, body);
    } catch (error) {
      if (!(error instanceof GitHubRefusal)) throw error;
      return fail(res, error.status, error.message, req.method === "PUT" ? DOCS_PUT : DOCS_GET);
    }
    if (`${call.path.owner}/${call.path.repo}` !== options.repo) return fail(res, 404, "Not Found");
    // A token without write access: GitHub refuses the write before it looks at the sha.
    if (readOnly && req.method === "PUT") return fail(res, 403, MESSAGES[403] as string, DOCS_PUT);
    const path = call.path.path ?? "";
    if (req.method === "GET") return get(req, res, path, url.searchParams);
    put(res, path, body as never);
  }

  const server = await listen(handle, () => plan.stop());
  const fake: GitHubApiFake = {
    ...server,
    setFile(path, content, branch = defaultBranch) {
      if (!branches.has(branch)) branches.set(branch, new Map());
      branches.get(branch)?.set(path, Buffer.from(content));
    },
    file: (path, branch = defaultBranch) => branches.get(branch)?.get(path),
    // GitHub answers a 429 with Retry-After (its secondary rate limit); a second here.
    failNext: ({ status, ...scope }) =>
      status === 429
        ? fake.rateLimitNext({ retryAfterSeconds: 1, status, ...scope })
        : plan.add("status", scope, status),
    hangNext: (scope) => plan.add("hang", scope),
    resetNext: (scope) => plan.add("reset", scope),
    malformedNext: (scope) => plan.add("malformed", scope),
    rateLimitNext(limit) {
      const primary = "resetInSeconds" in limit;
      const status = primary ? 403 : (limit.status ?? 403);
      limits.set(plan.add("status", limit, status), {
        status,
        message: primary
          ? "API rate limit exceeded for installation."
          : "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
        headers: (): Record<string, string> =>
          primary
            ? {
                "x-ratelimit-limit": "5000",
                "x-ratelimit-remaining": "0",
                "x-ratelimit-used": "5000",
                "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000 + limit.resetInSeconds)),
              }
            : { "retry-after": String(limit.retryAfterSeconds) },
      });
    },
    setLatency: (ms) => {
      plan.latencyMs = ms;
    },
    setTokenExpiration: (value) => {
      tokenExpiration = value;
    },
    notModified: () => notModified,
    requests: plan.requests,
    count: (pathPart) => plan.count(pathPart),
    resetLog: () => plan.clear(),
  };
  return fake;
}

import { type ServerResponse, STATUS_CODES } from "node:http";

/** Paths the service answers: everything under /v3, and its two unversioned routes. */
export const SERVICE_PATH = /^\/(v3(\/|$)|ping$|openapi\.json$)/;

/**
 * The front's own refusal, in the shape the path's callers read: problem details (the service's
 * `/v3` error body, RFC 9457) on the service's paths, a line of text on the pages' paths.
 * @example refuse(res, "/v3/sessions", 429, "rate_limited", "too many requests at once", { "retry-after": "1" });
 */
export function refuse(
  res: ServerResponse,
  path: string,
  status: number,
  code: string,
  detail: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const title = STATUS_CODES[status] ?? "Error";
  const problem = SERVICE_PATH.test(path);
  const body = problem
    ? JSON.stringify({ type: "about:blank", title, status, detail, instance: path, code, error: detail })
    : `${detail}\n`;
  res.writeHead(status, {
    "content-type": problem ? "application/problem+json" : "text/plain; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

// HTTP/1.1 in, h2c out: browsers cannot speak cleartext HTTP/2, the service speaks nothing else.
// Status and headers pass unchanged (less the hop-by-hop ones HTTP/2 forbids), bodies stream both
// ways as they come (an NDJSON scoresheet stream arrives line by line), and a browser that goes
// away cancels its stream, so the service stops the work. Why not @fastify/reply-from: docs/decisions.md.
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, type OutgoingHttpHeaders } from "node:http2";
import { refuse } from "./answers.ts";
import type { UpstreamPool } from "./upstream-pool.ts";

/** Connection-specific headers: meaningful for one HTTP/1.1 hop only, and refused by HTTP/2. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "host",
  "http2-settings",
]);

/**
 * Forwards one request to the service through `pool`. The service trusts one proxy hop
 * (`TRUST_PROXY_HOPS=1`), so `X-Forwarded-For` is this connection's address, never the client's
 * own header: its sign-in throttle counts each phone on the venue Wi-Fi by itself. A body that
 * makes no progress for `bodyStallMs` ends the request, as the service's own body timeout does.
 * `kept` lets the call use the streams kept for token holders.
 * @example forward(request.raw, reply.raw, pool, { bodyStallMs: 20_000, kept: false });
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  pool: UpstreamPool,
  options: { bodyStallMs: number; kept: boolean },
): void {
  const path = new URL(req.url ?? "/", "http://front").pathname;
  const headers: OutgoingHttpHeaders = {
    ":method": req.method ?? "GET",
    ":path": req.url ?? "/",
    ":scheme": "http",
    ":authority": req.headers.host ?? new URL(pool.target).host,
  };
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined && name !== "x-forwarded-for") headers[name] = value;
  }
  headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
  let stream: ReturnType<UpstreamPool["request"]>;
  try {
    stream = pool.request(headers, options.kept);
  } catch {
    unavailable(res, path);
    return;
  }
  if (stream === undefined) {
    refuse(res, path, 503, "service_busy", "the service is busy; try again in a moment", {
      "retry-after": "1",
    });
    return;
  }
  const upstream = stream;
  upstream.on("response", (answer) => {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
    }
    res.writeHead(Number(answer[":status"]), out);
    res.flushHeaders();
    upstream.pipe(res);
  });
  // The service answered before the whole upload was sent (a 400 at the row limit, a 503) and
  // reset the stream with NO_ERROR (RFC 9113 §8.1): stop forwarding the upload; node's client
  // would otherwise keep the stream open for the bytes it can no longer send.
  upstream.on("end", () => {
    if (upstream.writableFinished) return;
    req.unpipe(upstream);
    upstream.destroy();
  });
  upstream.on("error", () => (res.headersSent ? res.destroy() : unavailable(res, path)));
  res.on("close", () => {
    if (!res.writableFinished && !upstream.closed) upstream.close(constants.NGHTTP2_CANCEL);
  });
  watchBody(req, res, options.bodyStallMs, () => upstream.close(constants.NGHTTP2_CANCEL));
  req.pipe(upstream);
}

/** Ends a request whose body stops arriving: 408 and the connection closed (its bytes are unknown). */
function watchBody(req: IncomingMessage, res: ServerResponse, stallMs: number, stop: () => void): void {
  if (
    req.complete ||
    (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined)
  )
    return;
  const stalled = () => {
    stop();
    if (!res.headersSent) {
      res.shouldKeepAlive = false;
      refuse(
        res,
        new URL(req.url ?? "/", "http://front").pathname,
        408,
        "bad_request",
        "the request body stopped arriving",
      );
    }
    req.socket.destroySoon();
  };
  const timer = setTimeout(stalled, stallMs);
  req.on("data", () => timer.refresh());
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
}

function unavailable(res: ServerResponse, path: string): void {
  refuse(res, path, 502, "upstream_failure", "the service is not answering");
}

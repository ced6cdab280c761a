// HTTP/1.1 in, h2c out: browsers cannot speak cleartext HTTP/2, the service speaks nothing else.
// Status and headers pass unchanged (less the hop-by-hop ones HTTP/2 forbids), bodies stream both
// ways as they come (an NDJSON scoresheet stream arrives line by line), and a browser that goes
// away cancels its stream, so the service stops the work.
import { connect, constants } from "node:http2";

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
 * A request handler that forwards to the h2c service at `target` over one shared HTTP/2 session.
 * @param {string} target e.g. `http://127.0.0.1:8080`
 * @returns {{ handle(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): void, close(): void }}
 * @example const proxy = createH2cProxy("http://127.0.0.1:8080"); server.on("request", proxy.handle);
 */
export function createH2cProxy(target) {
  /** @type {import("node:http2").ClientHttp2Session | undefined} */
  let session;
  const open = () => {
    if (session !== undefined && !session.closed && !session.destroyed) return session;
    const made = connect(target);
    // Errors reach every open stream as well; the session is just made anew for the next request.
    made.on("error", () => {});
    made.on("close", () => {
      if (session === made) session = undefined;
    });
    made.unref();
    session = made;
    return made;
  };

  return {
    handle(req, res) {
      /** @type {Record<string, string | string[]>} */
      const headers = {
        ":method": req.method ?? "GET",
        ":path": req.url ?? "/",
        ":scheme": "http",
        ":authority": req.headers.host ?? new URL(target).host,
      };
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined && name !== "x-forwarded-for") headers[name] = value;
      }
      // The service trusts one proxy hop (TRUST_PROXY_HOPS=1), so its sign-in throttle counts each
      // phone on the venue Wi-Fi by its own address rather than all of them as this front.
      headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
      let stream;
      try {
        stream = open().request(headers, { endStream: false });
      } catch {
        return unavailable(res);
      }
      stream.on("response", (answer) => {
        /** @type {Record<string, string | string[]>} */
        const out = {};
        for (const [name, value] of Object.entries(answer)) {
          if (!name.startsWith(":") && !HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        }
        res.writeHead(Number(answer[":status"]), out);
        res.flushHeaders();
        stream.pipe(res);
      });
      // The service answered before the whole upload was sent (a 400 at the row limit, a 503) and
      // reset the stream with NO_ERROR (RFC 9113 §8.1): stop forwarding the upload; node's client
      // would otherwise keep the stream open for the bytes it can no longer send.
      stream.on("end", () => {
        if (stream.writableFinished) return;
        req.unpipe(stream);
        stream.destroy();
      });
      stream.on("error", () => (res.headersSent ? res.destroy() : unavailable(res)));
      res.on("close", () => {
        if (!res.writableFinished && !stream.closed) stream.close(constants.NGHTTP2_CANCEL);
      });
      req.pipe(stream);
    },
    close() {
      session?.destroy();
    },
  };
}

/** @param {import("node:http").ServerResponse} res */
function unavailable(res) {
  if (res.headersSent) return res.destroy();
  res.writeHead(502, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end("the service is not answering\n");
}

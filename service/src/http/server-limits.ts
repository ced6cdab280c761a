import { constants, type Http2Server, type Http2ServerRequest, type ServerHttp2Session } from "node:http2";
import type { FastifyBaseLogger } from "fastify";

export interface Http2Limits {
  maxConcurrentStreams: number;
  maxHeaderListSize: number;
  maxSessionMemoryMb: number;
  bodyTimeoutMs: number;
  headersTimeoutMs: number;
  sessionIdleTimeoutMs: number;
}

/**
 * The HTTP/2 limits of the listener, each bounding what one connection can hold on the instance
 * (documented with their reasons in docs/decisions.md, "HTTP/2 limits").
 */
export const HTTP2_LIMITS: Http2Limits = Object.freeze({
  /** Streams one connection may have open at once (announced in SETTINGS; RFC 9113 advises ≥ 100). */
  maxConcurrentStreams: 100,
  /** Bytes of one request's header block (a bearer token is about 300; browsers send under 4 KiB). */
  maxHeaderListSize: 16 * 1024,
  /** Megabytes nghttp2 may hold for one connection (frames queued, headers) before refusing streams. */
  maxSessionMemoryMb: 10,
  /** A request body that makes no progress for this long ends its stream (RST_STREAM CANCEL). */
  bodyTimeoutMs: 20_000,
  /** A connection must open its first stream (send a whole header block) within this. */
  headersTimeoutMs: 10_000,
  /** A connection with no traffic for this long is closed gracefully (GOAWAY, open streams finish). */
  sessionIdleTimeoutMs: 60_000,
});

/**
 * The options for `http2.createServer` (Fastify's `http` option): the SETTINGS frame the server
 * sends, the session memory bound, and how long a connection may take to send the HTTP/2 preface.
 * @example Fastify({ http2: true, http: http2ServerOptions(), http2SessionTimeout: HTTP2_LIMITS.sessionIdleTimeoutMs });
 */
export function http2ServerOptions(limits: Http2Limits = HTTP2_LIMITS) {
  return {
    settings: {
      maxConcurrentStreams: limits.maxConcurrentStreams,
      maxHeaderListSize: limits.maxHeaderListSize,
    },
    maxSessionMemory: limits.maxSessionMemoryMb,
    unknownProtocolTimeout: limits.headersTimeoutMs,
  };
}

/**
 * What node's HTTP/2 server does not do itself: a connection that opens no stream within the
 * headers timeout is destroyed (a stalled header block cannot be interleaved with other frames, so
 * the connection goes silent); a request body that makes no progress for the body timeout ends its
 * stream; and an answer sent before its request body was read (a 400 at the row limit, a 503 before
 * the upload) closes the stream with RST_STREAM NO_ERROR once written (RFC 9113 §8.1), so the client
 * stops sending instead of the stream staying open. PING frames keep nothing alive: they are not a
 * stream's progress.
 * @example enforceStreamLimits(app.server, app.log);
 */
export function enforceStreamLimits(
  server: Http2Server,
  logger: FastifyBaseLogger,
  limits: Http2Limits = HTTP2_LIMITS,
): void {
  server.on("session", (session: ServerHttp2Session) => {
    const headers = setTimeout(() => session.destroy(), limits.headersTimeoutMs);
    headers.unref();
    const stop = () => clearTimeout(headers);
    session.once("stream", stop);
    session.once("close", stop);
  });
  server.on("request", (request: Http2ServerRequest) => {
    const { stream } = request;
    // A request without a body ends with its headers and needs none of this.
    if (stream.endAfterHeaders) return;
    stream.setTimeout(limits.bodyTimeoutMs, () => {
      logger.warn({ path: request.url.split("?")[0] }, "request body stalled; stream closed");
      stream.close(constants.NGHTTP2_CANCEL);
    });
    // Once the body is in, the response may take as long as its work does.
    stream.once("end", () => stream.setTimeout(0));
    // Node closes such a stream itself only when nothing of the body was read; after a partial read
    // the stream would stay half open, its answer never reported finished. The close waits a turn
    // for the answer's last frame, as node's own does; what was received but not read is let go.
    stream.once("finish", () =>
      setImmediate(() => {
        if (stream.closed || request.complete) return;
        stream.close(constants.NGHTTP2_NO_ERROR);
        request.resume();
      }),
    );
  });
}

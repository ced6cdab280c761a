import { constants, type Http2Server, type Http2ServerRequest, type ServerHttp2Session } from "node:http2";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../shared/errors.ts";

export interface Http2Limits {
  maxConcurrentStreams: number;
  maxHeaderListSize: number;
  maxSessionMemoryMb: number;
  bodyTimeoutMs: number;
  jsonBodyDeadlineMs: number;
  uploadDeadlineBaseMs: number;
  uploadMinBytesPerSecond: number;
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
  /** A body that is not multipart (JSON, at most 64 KiB) must be whole within this: 408 otherwise. */
  jsonBodyDeadlineMs: 5_000,
  /** A multipart upload must be whole within this plus its size at the rate below: 408 otherwise. */
  uploadDeadlineBaseMs: 5_000,
  /** The slowest upload rate kept (a 5 MiB workbook: 5 s + 160 s; a phone on 3G sends ten times faster). */
  uploadMinBytesPerSecond: 32 * 1024,
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
 * stream's progress. A body also has a total deadline (`bodyDeadlineMs`): one that trickles in is
 * answered 408 `request_timeout` and its stream closed, so its slot is free at once.
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
    const deadline = setTimeout(
      () => {
        if (request.complete || stream.closed) return;
        logger.warn({ path: request.url.split("?")[0] }, "request body missed its deadline; answered 408");
        refuseLate(request, bodyDeadlineMs(request.headers, limits));
      },
      bodyDeadlineMs(request.headers, limits),
    );
    deadline.unref();
    stream.once("close", () => clearTimeout(deadline));
    // Once the body is in, the response may take as long as its work does.
    stream.once("end", () => {
      stream.setTimeout(0);
      clearTimeout(deadline);
    });
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

/** How long a request's body may take in all: a fixed deadline, or for an upload one that grows with its size. */
export function bodyDeadlineMs(
  headers: { "content-type"?: string; "content-length"?: string },
  limits: Http2Limits = HTTP2_LIMITS,
  uploadLimit = 5 * 1024 * 1024,
): number {
  if (!/^multipart\//i.test(headers["content-type"] ?? "")) return limits.jsonBodyDeadlineMs;
  const declared = Number(headers["content-length"]);
  const size = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, uploadLimit) : uploadLimit;
  return limits.uploadDeadlineBaseMs + Math.ceil((size / limits.uploadMinBytesPerSecond) * 1000);
}

/** How long a late request's handler has to write its 408 before the stream is cancelled outright. */
const LATE_ANSWER_GRACE_MS = 1_000;

/**
 * Ends a request whose body missed its deadline: the body's reader (Fastify's, or the upload's)
 * sees the 408 error and answers it, the finished answer closes the stream; a request nobody
 * reads, or one whose answer does not come, is cancelled (RST_STREAM CANCEL).
 */
function refuseLate(request: Http2ServerRequest, deadlineMs: number): void {
  const { stream } = request;
  const cancel = () => {
    if (!stream.closed) stream.close(constants.NGHTTP2_CANCEL);
  };
  if (request.listenerCount("error") === 0) {
    cancel();
    return;
  }
  request.emit(
    "error",
    new AppError(
      "request_timeout",
      `the request body did not arrive within ${Math.ceil(deadlineMs / 1000)} s`,
    ),
  );
  setTimeout(cancel, LATE_ANSWER_GRACE_MS).unref();
}

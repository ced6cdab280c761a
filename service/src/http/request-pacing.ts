import {
  constants,
  type Http2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from "node:http2";

export interface RequestPacing {
  /** First requests handed to the app in one turn of the event loop. */
  perTurn: number;
  /** First requests that may wait for a later turn; one more is refused (RST_STREAM REFUSED_STREAM). */
  waiting: number;
}

/**
 * How the requests of connections not yet answered are let in. Answering one (routing, its
 * hooks, a 429 or 401, its log line) is about half a millisecond of the one JavaScript thread, so
 * four per turn keep a turn near 2 ms; a thousand waiting is half a second of that work, and each
 * holds only its stream while it waits.
 */
export const REQUEST_PACING: RequestPacing = Object.freeze({ perTurn: 4, waiting: 1_000 });

type Handler = (request: Http2ServerRequest, response: Http2ServerResponse) => void;

/**
 * Hands `server`'s requests to its own request listener (Fastify's) in two lanes. A request on a
 * connection that has had an answer (a desk's, the front's, Cloud Run's, the pinger's) goes at
 * once. A request on a connection that has had none yet goes at once too while fewer than
 * `perTurn` of those went in this turn of the event loop; past that it waits, in arrival order, for
 * the next turns. Without it 200 connections opened at once (a sign-in flood) are all answered
 * in the turn their requests arrive, and every open connection's requests wait behind them: the
 * service's loop stalled 40–120 ms at each flood. The flood is answered as fast as before, a few
 * at a time between the others; when the wait is full, a new connection's request is refused
 * with REFUSED_STREAM (HTTP/2's "not processed, safe to retry").
 * @example paceRequests(app.server); // right after the server is made: Fastify's listener is its only one
 */
export function paceRequests(server: Http2Server, pacing: RequestPacing = REQUEST_PACING) {
  const listeners = server.listeners("request") as Handler[];
  const handle = listeners[0];
  if (listeners.length !== 1 || handle === undefined)
    throw new Error(`pacing expects the server's one request listener, found ${listeners.length}`);
  server.removeListener("request", handle);
  const answered = new WeakSet<Http2Session>();
  const waiting: [Http2ServerRequest, Http2ServerResponse][] = [];
  let inThisTurn = 0;
  let refused = 0;
  const enter = (request: Http2ServerRequest, response: Http2ServerResponse) => {
    if (inThisTurn++ === 0) setImmediate(nextTurn);
    const { session } = request.stream;
    if (session) response.once("finish", () => answered.add(session));
    handle.call(server, request, response);
  };
  const nextTurn = () => {
    inThisTurn = 0;
    while (inThisTurn < pacing.perTurn && waiting.length > 0) {
      const [request, response] = waiting.shift() as [Http2ServerRequest, Http2ServerResponse];
      if (!request.stream.closed) enter(request, response);
    }
  };
  server.on("request", (request: Http2ServerRequest, response: Http2ServerResponse) => {
    const { session } = request.stream;
    if (session !== undefined && answered.has(session)) {
      handle.call(server, request, response);
    } else if (waiting.length === 0 && inThisTurn < pacing.perTurn) {
      enter(request, response);
    } else if (waiting.length < pacing.waiting) {
      waiting.push([request, response]);
    } else {
      refused++;
      request.stream.close(constants.NGHTTP2_REFUSED_STREAM);
    }
  });
  return {
    /** First requests waiting for their turn now. */
    get waiting(): number {
      return waiting.length;
    },
    /** First requests refused since the start, for arriving with the wait full. */
    get refused(): number {
      return refused;
    },
  };
}

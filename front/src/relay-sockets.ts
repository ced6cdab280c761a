// WebSocket upgrades on /live/* and /attendance/* passed to the relay, so a phone on the venue
// Wi-Fi needs one address for everything; the relay checks the browser's own `Origin` as it does
// in production, and counts the browser's address (`CF-Connecting-IP`, as Cloudflare sets it).
// Node's HTTP client reads the relay's answer: a 101 joins the two sockets byte for byte, anything
// else reaches the browser as it was sent and the connection is closed, so nothing more on it ever
// reaches the relay.
import { type ClientRequest, request as httpRequest, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { clientKey, Holdings } from "./client-address.ts";
import { answer, head101, passRefusal } from "./raw-answers.ts";

/** The relay's socket paths. */
const RELAY_SOCKET_PATH = /^\/(live|attendance)\//;
/** The longest refusal body passed on (the relay's are a line of JSON). */
const REFUSAL_LIMIT = 16 * 1024;
/** The relay must answer an upgrade within this. */
const ANSWER_TIMEOUT_MS = 10_000;
/** How often the sockets are looked over for quiet ones, at most. */
const SWEEP_MS = 5_000;

export interface RelaySocketOptions {
  socketsPerClient: number;
  socketsInAll: number;
  socketIdleMs: number;
  socketsPressure: number;
  socketQuietMs: number;
}

/** A browser's socket and its relay side, from the upgrade until either closes. */
interface SocketPair {
  /** When the browser last sent a byte (`performance.now()`). */
  heardAt: number;
  /** Gives everything back; the browser's socket is destroyed unless an answer is being written to it. */
  end(): void;
}

/**
 * An `upgrade` handler forwarding to the relay at `target`, holding at most `socketsPerClient`
 * sockets per client address and `socketsInAll` in all, closing a socket idle for `socketIdleMs`,
 * and, while more than `socketsPressure` are held, one whose browser sent nothing for `socketQuietMs`.
 * @example const sockets = relaySockets("http://127.0.0.1:8787", settings); server.on("upgrade", sockets.handle);
 */
export function relaySockets(target: string, options: RelaySocketOptions) {
  const relay = new URL(target);
  const held = new Holdings(options.socketsPerClient, options.socketsInAll);
  /** Open pairs, so that closing the front closes its sockets too (upgraded sockets leave the server). */
  const pairs = new Set<SocketPair>();
  const sweep = setInterval(
    () => closeQuiet(pairs, held.total > options.socketsPressure, options.socketQuietMs),
    Math.min(SWEEP_MS, options.socketQuietMs / 3),
  );
  sweep.unref();

  const handle = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on("error", () => socket.destroy());
    const release = admit(req, socket, held);
    if (release === undefined) return;
    const upstream = askRelay(relay, req);
    let relaySide: Duplex | undefined;
    const pair: SocketPair = {
      heardAt: performance.now(),
      end: () => {
        pairs.delete(pair);
        release();
        if (!socket.writableEnded) socket.destroy();
        upstream.destroy();
        relaySide?.destroy();
      },
    };
    pairs.add(pair);
    socket.once("close", pair.end);
    upstream.once("error", () => {
      if (socket.writable) answer(socket, 502, "text/plain; charset=utf-8", "the relay is not answering\n");
      pair.end();
    });
    upstream.once("upgrade", (response, relaySocket, relayHead) => {
      relaySide = relaySocket;
      upstream.setTimeout(0);
      join(pair, socket, { response, socket: relaySocket, head: relayHead }, head, options.socketIdleMs);
    });
    upstream.once("response", (response) => passRefusal(response, socket, REFUSAL_LIMIT, pair.end));
    upstream.end();
  };

  return {
    handle,
    /** Sockets held now. */
    get held(): number {
      return held.total;
    },
    close(): void {
      clearInterval(sweep);
      for (const pair of [...pairs]) pair.end();
    },
  };
}

/** A place for the upgrade's socket (its release), or `undefined` when it was answered with a refusal. */
function admit(req: IncomingMessage, socket: Duplex, held: Holdings): (() => void) | undefined {
  if (!RELAY_SOCKET_PATH.test(new URL(req.url ?? "/", "http://front").pathname)) {
    answer(socket, 404, "text/plain; charset=utf-8", "no socket on this path\n");
    return undefined;
  }
  const release = held.take(clientKey(req.socket.remoteAddress));
  if (release !== undefined) return release;
  const full = held.total >= held.inAll;
  answer(
    socket,
    full ? 503 : 429,
    "text/plain; charset=utf-8",
    full ? "the front holds all the sockets it can\n" : "too many sockets from this address\n",
    { "retry-after": "30" },
  );
  return undefined;
}

/** The upgrade as the relay gets it: the browser's headers, and its address as Cloudflare would give it. */
function askRelay(relay: URL, req: IncomingMessage): ClientRequest {
  const upstream = httpRequest({
    host: relay.hostname,
    port: relay.port,
    method: "GET",
    path: req.url,
    headers: { ...req.headers, "cf-connecting-ip": req.socket.remoteAddress ?? "" },
    agent: false,
    timeout: ANSWER_TIMEOUT_MS,
  });
  upstream.once("timeout", () => upstream.destroy(new Error("the relay did not answer")));
  return upstream;
}

/** Joins the browser's socket to the relay's after its 101, byte for byte both ways. */
function join(
  pair: SocketPair,
  socket: Duplex,
  relay: { response: IncomingMessage; socket: Duplex; head: Buffer },
  head: Buffer,
  idleMs: number,
): void {
  socket.write(head101(relay.response));
  if (relay.head.length > 0) socket.write(relay.head);
  if (head.length > 0) relay.socket.write(head);
  relay.socket.on("error", pair.end);
  relay.socket.once("close", pair.end);
  socket.on("data", () => {
    pair.heardAt = performance.now();
  });
  // Pages ping every 25 s; a socket silent both ways for the idle time is gone or hostile.
  (socket as Socket).setTimeout(idleMs, pair.end);
  socket.pipe(relay.socket).pipe(socket);
}

/** Under pressure, ends every pair whose browser sent nothing for `quietMs`. */
function closeQuiet(pairs: ReadonlySet<SocketPair>, pressed: boolean, quietMs: number): void {
  if (!pressed) return;
  const now = performance.now();
  for (const pair of [...pairs]) if (now - pair.heardAt >= quietMs) pair.end();
}

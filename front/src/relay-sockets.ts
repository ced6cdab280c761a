// WebSocket upgrades on /live/* and /attendance/* passed to the relay, so a phone on the venue
// Wi-Fi needs one address for everything; the relay checks the browser's own `Origin` as it does
// in production. Node's HTTP client reads the relay's answer: a 101 joins the two sockets byte for
// byte, anything else reaches the browser as it was sent and the connection is closed, so nothing
// more on it ever reaches the relay.
import { request as httpRequest, type IncomingMessage, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { clientKey, Holdings } from "./client-address.ts";

/** The relay's socket paths. */
const RELAY_SOCKET_PATH = /^\/(live|attendance)\//;
/** The longest refusal body passed on (the relay's are a line of JSON). */
const REFUSAL_LIMIT = 16 * 1024;
/** The relay must answer an upgrade within this. */
const ANSWER_TIMEOUT_MS = 10_000;

export interface RelaySocketOptions {
  socketsPerClient: number;
  socketsInAll: number;
  socketIdleMs: number;
}

/**
 * An `upgrade` handler forwarding to the relay at `target`, holding at most `socketsPerClient`
 * sockets per client address and `socketsInAll` in all, and closing a socket idle for `socketIdleMs`.
 * @example const sockets = relaySockets("http://127.0.0.1:8787", settings); server.on("upgrade", sockets.handle);
 */
export function relaySockets(target: string, options: RelaySocketOptions) {
  const relay = new URL(target);
  const held = new Holdings(options.socketsPerClient, options.socketsInAll);
  /** Open pairs, so that closing the front closes its sockets too (upgraded sockets leave the server). */
  const open = new Set<() => void>();

  const handle = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on("error", () => socket.destroy());
    if (!RELAY_SOCKET_PATH.test(new URL(req.url ?? "/", "http://front").pathname)) {
      answer(socket, 404, "text/plain; charset=utf-8", "no socket on this path\n");
      return;
    }
    const release = held.take(clientKey(req.socket.remoteAddress));
    if (release === undefined) {
      const full = held.total >= held.inAll;
      answer(
        socket,
        full ? 503 : 429,
        "text/plain; charset=utf-8",
        full ? "the front holds all the sockets it can\n" : "too many sockets from this address\n",
        { "retry-after": "30" },
      );
      return;
    }
    const upstream = httpRequest({
      host: relay.hostname,
      port: relay.port,
      method: "GET",
      path: req.url,
      headers: req.headers,
      agent: false,
      timeout: ANSWER_TIMEOUT_MS,
    });
    let relaySide: Duplex | undefined;
    /** Gives everything back; the browser's socket is destroyed unless an answer is being written to it. */
    const end = () => {
      open.delete(end);
      release();
      if (!socket.writableEnded) socket.destroy();
      upstream.destroy();
      relaySide?.destroy();
    };
    open.add(end);
    socket.once("close", end);
    upstream.once("timeout", () => upstream.destroy(new Error("the relay did not answer")));
    upstream.once("error", () => {
      if (socket.writable) answer(socket, 502, "text/plain; charset=utf-8", "the relay is not answering\n");
      end();
    });
    upstream.once("upgrade", (response, relaySocket, relayHead) => {
      relaySide = relaySocket;
      upstream.setTimeout(0);
      socket.write(head101(response));
      if (relayHead.length > 0) socket.write(relayHead);
      if (head.length > 0) relaySocket.write(head);
      relaySocket.on("error", end);
      relaySocket.once("close", end);
      // Pages ping every 25 s; a socket silent both ways for the idle time is gone or hostile.
      (socket as Socket).setTimeout(options.socketIdleMs, end);
      socket.pipe(relaySocket).pipe(socket);
    });
    upstream.once("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= REFUSAL_LIMIT) chunks.push(chunk);
      });
      response.once("end", () => {
        const type = String(response.headers["content-type"] ?? "text/plain; charset=utf-8");
        const headers: Record<string, string> = {};
        for (const name of ["allow", "upgrade", "retry-after", "cache-control"]) {
          const value = response.headers[name];
          if (typeof value === "string") headers[name] = value;
        }
        answer(socket, response.statusCode ?? 502, type, Buffer.concat(chunks), headers);
        end();
      });
    });
    upstream.end();
  };

  return {
    handle,
    /** Sockets held now. */
    get held(): number {
      return held.total;
    },
    close(): void {
      for (const end of [...open]) end();
    },
  };
}

/** The relay's 101 as the browser gets it: its status line and headers, unchanged. */
function head101(response: IncomingMessage): string {
  const lines = [`HTTP/1.1 101 ${response.statusMessage || "Switching Protocols"}`];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** A whole HTTP answer on a raw socket, then the connection closed. */
function answer(
  socket: Duplex,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    `Content-Type: ${type}`,
    `Content-Length: ${bytes.length}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  // Nothing the browser sends after this is read: the connection closes once the answer is out.
  socket.once("finish", () => socket.destroy());
  socket.end(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), bytes]));
}

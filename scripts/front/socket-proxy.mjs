// WebSocket upgrades passed through to the relay byte for byte, so a phone on the venue Wi-Fi
// needs one address for everything: the relay's answer (101, or its JSON refusal) reaches the
// browser unchanged, and the relay checks the browser's own `Origin` as it does in production.
import { connect } from "node:net";

/**
 * An `upgrade` handler that forwards to the relay at `target`.
 * @param {string} target e.g. `http://127.0.0.1:8787`
 * @returns {{ handle(req: import("node:http").IncomingMessage, socket: import("node:stream").Duplex, head: Buffer): void, close(): void }}
 */
export function createSocketProxy(target) {
  const { hostname, port } = new URL(target);
  /** Open pairs, so that closing the front closes its sockets too (upgraded sockets leave the server). */
  const open = new Set();
  const handle = (req, socket, head) => {
    const upstream = connect(Number(port), hostname);
    let forwarded = false;
    const end = () => {
      open.delete(end);
      socket.destroy();
      upstream.destroy();
    };
    open.add(end);
    upstream.once("connect", () => {
      forwarded = true;
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on("error", () => {
      if (forwarded) return end();
      socket.end(
        "HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain\r\nContent-Length: 28\r\nConnection: close\r\n\r\nthe relay is not answering\r\n",
      );
    });
    upstream.on("close", end);
    socket.on("error", end);
    socket.on("close", end);
  };
  return {
    handle,
    close() {
      for (const end of [...open]) end();
    },
  };
}

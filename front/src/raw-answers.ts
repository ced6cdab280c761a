// Answers written on a raw socket, for upgrades (which never reach Fastify's replies).
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

/** The relay's 101 as the browser gets it: its status line and headers, unchanged. */
export function head101(response: IncomingMessage): string {
  const lines = [`HTTP/1.1 101 ${response.statusMessage || "Switching Protocols"}`];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * A whole HTTP answer on a raw socket, then the connection closed.
 * @example answer(socket, 404, "text/plain; charset=utf-8", "no socket on this path\n");
 */
export function answer(
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

/**
 * The relay's refusal of an upgrade (a 403, 404, 429, 503 …) passed to the browser as it was sent,
 * its body cut at `limit` bytes, with the headers a browser acts on; then `done`.
 */
export function passRefusal(
  response: IncomingMessage,
  socket: Duplex,
  limit: number,
  done: () => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  response.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  });
  response.once("end", () => {
    const type = String(response.headers["content-type"] ?? "text/plain; charset=utf-8");
    const headers: Record<string, string> = {};
    for (const name of ["allow", "upgrade", "retry-after", "cache-control"]) {
      const value = response.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    answer(socket, response.statusCode ?? 502, type, Buffer.concat(chunks), headers);
    done();
  });
}

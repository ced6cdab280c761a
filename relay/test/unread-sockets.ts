/**
 * A WebSocket opened over a raw TCP socket that stops reading once the relay's 101 is in, as a
 * hostile page's that never reads: the relay's messages wait in the kernel's buffers. Reading
 * again ({@link UnreadSocket.drain}) walks the frames that waited and reports the close frame's
 * code, if the relay sent one.
 */
import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

export interface UnreadSocket {
  socket: Socket;
  /** Reads everything that waited; resolves with the close code the relay sent (or `undefined` when none came before the end). */
  drain(): Promise<number | undefined>;
}

/**
 * Opens `path` on the relay at `url` from the client address `address` (sent as
 * `CF-Connecting-IP`, as Cloudflare sets it), then stops reading.
 * @throws Error with the status line when the relay refuses.
 */
export function openUnreadSocket(
  url: string,
  path: string,
  origin: string,
  address: string,
): Promise<UnreadSocket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      const end = answer.indexOf("\r\n\r\n");
      if (end < 0) return;
      socket.off("data", onData);
      socket.pause();
      const status = answer.subarray(0, answer.indexOf("\r\n")).toString("latin1");
      if (!status.startsWith("HTTP/1.1 101")) {
        socket.destroy();
        reject(new Error(status));
        return;
      }
      resolve({ socket, drain: () => closeCodeOf(socket, answer.subarray(end + 4)) });
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("connect", () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n` +
          `Origin: ${origin}\r\nCF-Connecting-IP: ${address}\r\n\r\n`,
      ),
    );
  });
}

/** Reads `socket` from `first` on, skipping whole frames, until a close frame or its end (bounded by the caller's timeout). */
function closeCodeOf(socket: Socket, first: Buffer): Promise<number | undefined> {
  let pending = first;
  return new Promise((resolve) => {
    const walk = (): boolean => {
      while (pending.length >= 2) {
        const opcode = (pending[0] as number) & 0x0f;
        const short = (pending[1] as number) & 0x7f;
        const headerBytes = short === 126 ? 4 : short === 127 ? 10 : 2;
        if (pending.length < headerBytes) return false;
        const length =
          short === 126
            ? pending.readUInt16BE(2)
            : short === 127
              ? Number(pending.readBigUInt64BE(2))
              : short;
        if (pending.length < headerBytes + length) return false;
        if (opcode === 8) {
          resolve(length >= 2 ? pending.readUInt16BE(headerBytes) : 1005);
          socket.destroy();
          return true;
        }
        pending = pending.subarray(headerBytes + length);
      }
      return false;
    };
    if (walk()) return;
    socket.on("data", (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      walk();
    });
    socket.once("close", () => resolve(undefined));
    socket.once("error", () => resolve(undefined));
    socket.resume();
  });
}

/**
 * A WebSocket client made for measuring fan-out, not for pages: 2,000 `ws` clients in one Node
 * process spent 3–5 times the relay's own CPU per push (a Buffer per read, stream events, a 200 KB
 * concatenation per message, the garbage of 400 MB per push), so the figure measured the clients.
 * This one reads every socket into one shared buffer (`net` `onread`, no allocation per read) and
 * parses the frames the server sends without copying their payload: it reports each whole message's
 * byte count and its first bytes, which is all a fan-out measurement needs to know that a socket
 * holds the message.
 */
import { createHash, randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

/** How many leading payload bytes of each message are kept, so a receiver can tell messages apart. */
export const HEAD_BYTES = 160;
const HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
/** One read buffer for every socket: `onread` callbacks run one at a time, each finishing with it. */
const READ_BUFFER = Buffer.alloc(1 << 20);

/** A whole message: its payload length in bytes and its first {@link HEAD_BYTES} bytes. */
export type MessageListener = (bytes: number, head: Buffer) => void;

/**
 * Parses the frames a WebSocket server sends (unmasked, RFC 6455 §5.2), fed in pieces of any size;
 * reports a message when the last byte of its final frame has arrived. Control frames are skipped.
 */
export class FrameReader {
  readonly #header = Buffer.alloc(14);
  #headerLength = 0;
  #headerNeeded = 2;
  #inPayload = false;
  #payloadLeft = 0;
  #control = false;
  #final = false;
  #messageBytes = 0;
  readonly #head = Buffer.alloc(HEAD_BYTES);
  #headLength = 0;

  constructor(private readonly onMessage: MessageListener) {}

  /** Reads `chunk[start, end)`. */
  feed(chunk: Buffer, start = 0, end = chunk.length): void {
    let at = start;
    while (at < end) {
      if (!this.#inPayload) {
        at = this.#readHeader(chunk, at, end);
        continue;
      }
      const take = Math.min(this.#payloadLeft, end - at);
      if (!this.#control) this.#keep(chunk, at, take);
      at += take;
      this.#payloadLeft -= take;
      if (this.#payloadLeft === 0) this.#endFrame();
    }
  }

  #readHeader(chunk: Buffer, start: number, end: number): number {
    let at = start;
    while (at < end && this.#headerLength < this.#headerNeeded) {
      this.#header[this.#headerLength++] = chunk[at++] as number;
      if (this.#headerLength === 2) {
        if ((this.#header[1] as number) & 0x80) throw new Error("a server frame must not be masked");
        const short = (this.#header[1] as number) & 0x7f;
        this.#headerNeeded = short === 126 ? 4 : short === 127 ? 10 : 2;
      }
    }
    if (this.#headerLength < this.#headerNeeded) return at;
    const first = this.#header[0] as number;
    const short = (this.#header[1] as number) & 0x7f;
    const opcode = first & 0x0f;
    this.#final = (first & 0x80) !== 0;
    this.#control = opcode >= 8;
    if (opcode === 1 || opcode === 2) {
      this.#messageBytes = 0;
      this.#headLength = 0;
    }
    this.#payloadLeft =
      short === 126
        ? this.#header.readUInt16BE(2)
        : short === 127
          ? Number(this.#header.readBigUInt64BE(2))
          : short;
    this.#headerLength = 0;
    this.#headerNeeded = 2;
    this.#inPayload = true;
    if (this.#payloadLeft === 0) this.#endFrame();
    return at;
  }

  #keep(chunk: Buffer, at: number, length: number): void {
    this.#messageBytes += length;
    if (this.#headLength < HEAD_BYTES) {
      const copied = Math.min(HEAD_BYTES - this.#headLength, length);
      chunk.copy(this.#head, this.#headLength, at, at + copied);
      this.#headLength += copied;
    }
  }

  #endFrame(): void {
    this.#inPayload = false;
    if (!this.#control && this.#final) {
      this.onMessage(this.#messageBytes, this.#head.subarray(0, this.#headLength));
    }
  }
}

/**
 * Opens a WebSocket to `url` (ws://host:port/path) with the given `Origin`, checks the 101 answer
 * and its `Sec-WebSocket-Accept`, and reports every message the server sends.
 * @example const socket = await openCountingSocket("ws://127.0.0.1:8787/live/e/d", origin, (bytes) => …);
 */
export function openCountingSocket(url: string, origin: string, onMessage: MessageListener): Promise<Socket> {
  const { hostname, port, pathname, search } = new URL(url);
  const key = randomBytes(16).toString("base64");
  const accept = createHash("sha1")
    .update(key + HANDSHAKE_GUID)
    .digest("base64");
  const frames = new FrameReader(onMessage);
  let answer = "";
  let open = false;
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: READ_BUFFER,
        // The callback's buffer is READ_BUFFER itself, typed there as a Uint8Array.
        callback: (length) => {
          if (open) {
            frames.feed(READ_BUFFER, 0, length);
            return true;
          }
          answer += READ_BUFFER.toString("latin1", 0, length);
          const end = answer.indexOf("\r\n\r\n");
          if (end < 0) return true;
          const [status = "", ...headers] = answer.slice(0, end).split("\r\n");
          const accepted = headers.some(
            (line) => /^sec-websocket-accept:/i.test(line) && line.endsWith(` ${accept}`),
          );
          if (!status.startsWith("HTTP/1.1 101") || !accepted) {
            socket.destroy();
            reject(new Error(`upgrade refused: ${status}`));
            return false;
          }
          open = true;
          resolve(socket);
          frames.feed(Buffer.from(answer.slice(end + 4), "latin1"));
          return true;
        },
      },
    });
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`,
      );
    });
  });
}

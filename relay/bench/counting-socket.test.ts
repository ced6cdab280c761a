import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { describe, test } from "node:test";
import { WebSocketServer } from "ws";
import { FrameReader, HEAD_BYTES, openCountingSocket } from "./counting-socket.ts";

/** One unmasked server frame (RFC 6455 §5.2). */
function frame(opcode: number, payload: Buffer, final = true): Buffer {
  const first = (final ? 0x80 : 0) | opcode;
  if (payload.length < 126) return Buffer.concat([Buffer.from([first, payload.length]), payload]);
  if (payload.length < 65_536) {
    const header = Buffer.from([first, 126, 0, 0]);
    header.writeUInt16BE(payload.length, 2);
    return Buffer.concat([header, payload]);
  }
  const header = Buffer.alloc(10);
  header[0] = first;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(payload.length), 2);
  return Buffer.concat([header, payload]);
}

function text(length: number, tag: string): Buffer {
  return Buffer.from(`${tag}:`.padEnd(length, "x").slice(0, length));
}

function collect(): { reader: FrameReader; seen: Array<{ bytes: number; head: string }> } {
  const seen: Array<{ bytes: number; head: string }> = [];
  const reader = new FrameReader((bytes, head) => seen.push({ bytes, head: head.toString() }));
  return { reader, seen };
}

describe("the fan-out benchmark's counting socket", () => {
  const messages = [0, 5, 125, 126, 65_535, 65_536, 206_000].map((length, index) =>
    text(length, `m${index}`),
  );
  const stream = Buffer.concat([
    ...messages.map((payload) => frame(1, payload)),
    // One message in three frames with a ping between them, which is not part of the message.
    frame(1, text(100, "split"), false),
    frame(9, Buffer.from("are you there")),
    frame(0, text(200_000, "rest"), false),
    frame(0, text(50, "end")),
  ]);
  const expected = [
    ...messages.map((payload) => ({
      bytes: payload.length,
      head: payload.subarray(0, HEAD_BYTES).toString(),
    })),
    {
      bytes: 200_150,
      head: Buffer.concat([text(100, "split"), text(200_000, "rest")])
        .subarray(0, HEAD_BYTES)
        .toString(),
    },
  ];

  test("reports each whole message once, with its byte count and first bytes, in one piece", () => {
    const { reader, seen } = collect();
    reader.feed(stream);
    assert.deepEqual(seen, expected);
  });

  test("reports the same when the bytes arrive in pieces cut anywhere, headers included", () => {
    for (const size of [1, 2, 3, 7, 64, 1_000, 65_536]) {
      const { reader, seen } = collect();
      for (let at = 0; at < stream.length; at += size)
        reader.feed(stream, at, Math.min(stream.length, at + size));
      assert.deepEqual(seen, expected, `pieces of ${size} bytes`);
    }
  });

  test("refuses a masked frame, which no server may send", () => {
    const { reader } = collect();
    assert.throws(() => reader.feed(Buffer.from([0x81, 0x85, 1, 2, 3, 4])), /masked/);
  });

  test("talks to a real WebSocket server: handshake, origin, messages of every length encoding", async () => {
    const origins: string[] = [];
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    server.on("connection", (socket, request) => {
      origins.push(request.headers.origin ?? "");
      for (const payload of messages.slice(1)) socket.send(payload.toString());
    });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const seen: Array<{ bytes: number; head: string }> = [];
    let done: () => void = () => {};
    const all = new Promise<void>((resolve) => {
      done = resolve;
    });
    const socket = await openCountingSocket(
      `ws://127.0.0.1:${port}/live/e/d`,
      "https://pages.test",
      (bytes, head) => {
        seen.push({ bytes, head: head.toString() });
        if (seen.length === messages.length - 1) done();
      },
    );
    await all;
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    assert.deepEqual(origins, ["https://pages.test"]);
    assert.deepEqual(seen, expected.slice(1, messages.length));
  });

  test("rejects when the server refuses the upgrade", async () => {
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0, verifyClient: () => false });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    await assert.rejects(
      openCountingSocket(`ws://127.0.0.1:${port}/live/e/d`, "https://elsewhere.test", () => {}),
      /upgrade refused: HTTP\/1.1 401/,
    );
    await new Promise((resolve) => server.close(resolve));
  });
});

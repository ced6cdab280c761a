// A page tells the relay it has read (its free `ping`) after reading, at most once a second, so the
// relay's unread limit (relay/src/socket-limits.ts) closes only sockets that do not read.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openReconnectingSocket, READ_ACK_MS } from "../../src/lib/live/reconnecting-socket.ts";
import { fakeClock } from "../support/fake-clock.ts";
import { FakeSocket } from "../support/fake-socket.ts";

test("a message read is acknowledged with a ping, at most once per second; a pong never is", async () => {
  const clock = fakeClock("2026-11-21T01:00:00.000Z");
  const made: FakeSocket[] = [];
  const read: string[] = [];
  openReconnectingSocket("ws://relay.test/live/open/sat?changes=1", { message: (text) => read.push(text) }, {
    clock,
    openSocket(url: string) {
      const socket = new FakeSocket(url);
      made.push(socket);
      return socket as unknown as WebSocket;
    },
    connection: {
      online: () => true,
      onOnlineChange: () => () => {},
      onVisible: () => () => {},
      onHidden: () => () => {},
    },
  } as unknown as Parameters<typeof openReconnectingSocket>[2]);
  const socket = made[0] as FakeSocket;
  socket.open();
  socket.receive("first");
  assert.deepEqual(socket.sent, ["ping"], "the first message read: a ping at once");
  socket.receive("pong");
  socket.receive("second");
  socket.receive("third");
  assert.deepEqual(socket.sent, ["ping"], "within the second: none yet");
  await clock.advance(READ_ACK_MS);
  assert.deepEqual(socket.sent, ["ping", "ping"], "one ping for both, a second after the first");
  socket.receive("pong");
  await clock.advance(READ_ACK_MS * 5);
  assert.deepEqual(socket.sent, ["ping", "ping"], "a pong is not acknowledged");
  assert.deepEqual(read, ["first", "second", "third"]);
});

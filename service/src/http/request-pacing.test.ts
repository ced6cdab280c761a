import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { connect, constants, createServer, type Http2Server } from "node:http2";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { paceRequests } from "./request-pacing.ts";

/** A server with one request listener that records what it was handed, and a stream per request. */
function fakeServer() {
  const server = new EventEmitter();
  const handled: string[] = [];
  server.on("request", (request: { name: string }) => handled.push(request.name));
  const request = (name: string, session: object) => {
    const stream = {
      session,
      closed: false,
      resetWith: undefined as number | undefined,
      close(code: number) {
        stream.closed = true;
        stream.resetWith = code;
      },
    };
    const response = new EventEmitter();
    server.emit("request", { name, stream }, response);
    return { stream, response };
  };
  return { server: server as unknown as Http2Server, handled, request };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("new connections' requests are let in a few per turn of the event loop, in arrival order", async () => {
  const { server, handled, request } = fakeServer();
  paceRequests(server, { perTurn: 3, waiting: 100 });
  for (let i = 0; i < 8; i++) request(`new-${i}`, {});
  assert.deepEqual(handled, ["new-0", "new-1", "new-2"]);
  await nextTurn();
  assert.deepEqual(handled.slice(3), ["new-3", "new-4", "new-5"]);
  await nextTurn();
  assert.deepEqual(handled.slice(6), ["new-6", "new-7"]);
});

test("a connection that has had an answer goes at once, ahead of the new ones waiting", async () => {
  const { server, handled, request } = fakeServer();
  paceRequests(server, { perTurn: 1, waiting: 100 });
  const desk = {};
  request("desk-first", desk).response.emit("finish");
  await nextTurn();
  for (let i = 0; i < 5; i++) request(`flood-${i}`, {});
  request("desk-mark", desk);
  assert.deepEqual(handled, ["desk-first", "flood-0", "desk-mark"]);
});

test("a request whose stream closed while it waited is not handed on; one past the wait is refused", async () => {
  const { server, handled, request } = fakeServer();
  const paced = paceRequests(server, { perTurn: 1, waiting: 2 });
  request("first", {});
  const gone = request("gone", {});
  request("kept", {});
  const over = request("over", {});
  assert.equal(over.stream.resetWith, constants.NGHTTP2_REFUSED_STREAM);
  assert.equal(paced.waiting, 2);
  assert.equal(paced.refused, 1);
  gone.stream.closed = true;
  await nextTurn();
  assert.deepEqual(handled, ["first", "kept"]);
});

test("a server with other request listeners is not paced blindly", () => {
  const server = new EventEmitter();
  server.on("request", () => {});
  server.on("request", () => {});
  assert.throws(() => paceRequests(server as unknown as Http2Server), /one request listener/);
});

test("over real h2c, a burst of 30 new connections is answered in full", async () => {
  const server = createServer((_request, response) => response.end("ok"));
  paceRequests(server, { perTurn: 2, waiting: 100 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const answers = await Promise.all(
    Array.from(
      { length: 30 },
      () =>
        new Promise<string>((resolve, reject) => {
          const session = connect(url);
          const stream = session.request({ ":path": "/" });
          let body = "";
          stream.setEncoding("utf8");
          stream.on("data", (chunk: string) => {
            body += chunk;
          });
          stream.on("end", () => {
            session.close();
            resolve(body);
          });
          stream.on("error", reject);
        }),
    ),
  );
  await new Promise((resolve) => server.close(resolve));
  assert.deepEqual(new Set(answers), new Set(["ok"]));
  assert.equal(answers.length, 30);
});

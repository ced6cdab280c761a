// The front's bounds, each over the wire against a real h2c server and a real WebSocket server
// standing in for the service and the relay, with the timeouts shortened through its settings.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import WebSocket, { WebSocketServer } from "ws";
import { type RunningFront, startFront } from "../src/index.ts";
import { call, rawConnection } from "./support/wire.ts";

type Handler = (req: Http2ServerRequest, res: Http2ServerResponse) => void;

describe("the front's bounds", () => {
  let root: string;
  let service: ReturnType<typeof createServer>;
  let handler: Handler = (_req, res) => res.end("{}");
  const held: Http2ServerResponse[] = [];
  let relay: WebSocketServer;
  let front: RunningFront;
  let url: string;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), "tops-front-limits-"));
    await mkdir(join(root, "pages"));
    await mkdir(join(root, "data"));
    // The service's own stream limit, as in production (service/src/http/server-limits.ts).
    service = createServer({ settings: { maxConcurrentStreams: 100 } }, (req, res) => handler(req, res));
    await new Promise<void>((done) => service.listen(0, "127.0.0.1", done));
    relay = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise((done) => relay.once("listening", done));
    front = await startFront({
      pagesDir: join(root, "pages"),
      dataDir: join(root, "data"),
      service: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      relay: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
      port: 0,
      settings: {
        inFlightPerClient: 150,
        headersTimeoutMs: 400,
        bodyStallMs: 300,
        requestTimeoutMs: 5_000,
        upstreamSessions: 2,
        socketsPerClient: 2,
        socketsInAll: 3,
        socketIdleMs: 300,
      },
    });
    url = `http://127.0.0.1:${front.port}`;
  });

  after(async () => {
    for (const res of held.splice(0)) res.end();
    await front?.close();
    relay?.close();
    service?.close();
    await rm(root, { recursive: true, force: true });
  });

  test("calls held past one session's 100 streams open a second session; past both, 503 with Retry-After", async () => {
    handler = (req, res) => {
      if (req.url === "/v3/hold") held.push(res);
      else res.end('{"ok":true}');
    };
    const pending = Array.from({ length: 150 }, () => call(`${url}/v3/hold`));
    // Bounded by the test runner's timeout, not a guess of how fast a loaded machine opens 150 streams.
    for (let waited = 0; held.length < 150 && waited < 60_000; waited += 20) {
      await new Promise((done) => setTimeout(done, 20));
    }
    assert.equal(held.length, 150, "all 150 reached the service");
    const other = await call(`${url}/ping`, { from: "127.0.0.2" });
    assert.equal(other.status, 200);
    const full = Array.from({ length: 50 }, () => call(`${url}/v3/hold`, { from: "127.0.0.3" }));
    for (let waited = 0; held.length < 200 && waited < 5_000; waited += 20) {
      await new Promise((done) => setTimeout(done, 20));
    }
    const busy = await call(`${url}/v3/more`, { from: "127.0.0.4" });
    assert.equal(busy.status, 503);
    assert.equal(busy.headers["retry-after"], "1");
    assert.equal(JSON.parse(busy.text).code, "service_busy");
    for (const res of held.splice(0)) res.end("{}");
    await Promise.all([...pending, ...full]);
  });

  test("requests in flight beyond the per-client cap are 429 with Retry-After, as problem details on /v3", async () => {
    const small = await startFront({
      pagesDir: join(root, "pages"),
      dataDir: join(root, "data"),
      service: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      relay: "http://127.0.0.1:9",
      port: 0,
      settings: { inFlightPerClient: 3 },
    });
    handler = (_req, res) => held.push(res);
    try {
      const base = `http://127.0.0.1:${small.port}`;
      const pending = Array.from({ length: 3 }, () => call(`${base}/v3/hold`));
      for (let waited = 0; held.length < 3 && waited < 5_000; waited += 20) {
        await new Promise((done) => setTimeout(done, 20));
      }
      const refused = await call(`${base}/v3/sessions`);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers["retry-after"], "1");
      assert.equal(refused.headers["content-type"], "application/problem+json");
      assert.equal(JSON.parse(refused.text).code, "rate_limited");
      const page = await call(`${base}/missing.json`);
      assert.equal(page.status, 429);
      assert.equal((await call(`${base}/missing.json`, { from: "127.0.0.2" })).status, 404);
      for (const res of held.splice(0)) res.end("{}");
      await Promise.all(pending);
      assert.equal((await call(`${base}/missing.json`)).status, 404, "the slots are given back");
    } finally {
      await small.close();
    }
  });

  test("a body that stops arriving ends with 408 and its stream at the service is cancelled", async () => {
    const cancelled = new Promise<void>((done) => {
      handler = (req) => req.stream.once("close", () => done());
    });
    const { socket, received, closed } = await rawConnection(front.port);
    socket.write(
      `POST /v3/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    await closed;
    await cancelled;
    assert.match(received(), /^HTTP\/1\.1 408/);
  });

  test("a request head that is not finished within the headers timeout closes the connection", async () => {
    const { socket, closed } = await rawConnection(front.port);
    socket.write("GET /ping HTTP/1.1\r\nHost: x\r\n");
    await closed;
    assert.ok(socket.destroyed);
  });

  test("relay sockets: 2 per address, 3 in all, and one idle for the time-out closed", async () => {
    const open = (from: string) =>
      new Promise<WebSocket | number>((done, fail) => {
        const socket = new WebSocket(`${url.replace("http", "ws")}/live/e/d`, { localAddress: from });
        socket.once("open", () => done(socket));
        socket.once("unexpected-response", (_req, res) => {
          res.resume();
          done(res.statusCode ?? 0);
        });
        socket.once("error", fail);
      });
    const first = await open("127.0.0.1");
    const second = await open("127.0.0.1");
    assert.equal(await open("127.0.0.1"), 429, "a third from the same address");
    const third = await open("127.0.0.2");
    assert.equal(await open("127.0.0.3"), 503, "a fourth in all");
    const sockets = [first, second, third].filter((s): s is WebSocket => s instanceof WebSocket);
    assert.equal(sockets.length, 3);
    const relaySide = [...relay.clients];
    await Promise.all(sockets.map((socket) => new Promise((done) => socket.once("close", done))));
    // The relay's side of each idle socket is closed too, not left to the relay.
    await Promise.all(
      relaySide.map(
        (socket) =>
          socket.readyState === WebSocket.CLOSED || new Promise((done) => socket.once("close", done)),
      ),
    );
    assert.ok((await open("127.0.0.1")) instanceof WebSocket, "closed sockets give their places back");
  });
});

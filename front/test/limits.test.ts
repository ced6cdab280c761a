// The front's bounds, each over the wire against a real h2c server and a real WebSocket server
// standing in for the service and the relay, with the timeouts shortened through its settings.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createTokenSigner } from "@tournament-ops/service/tokens";
import WebSocket, { WebSocketServer } from "ws";
import { type RunningFront, startFront } from "../src/index.ts";
import { call, rawConnection } from "./support/wire.ts";

/** Polls `done` every 20 ms, for at most `ms` (the test runner's timeout bounds a stuck state). */
async function until(done: () => boolean, ms = 30_000): Promise<void> {
  for (let waited = 0; !done() && waited < ms; waited += 20)
    await new Promise((next) => setTimeout(next, 20));
}

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
        connectionsPerClient: 200,
        inFlightPerClient: 150,
        upstreamPerClient: 150,
        upstreamReserved: 0,
        // The production head deadline: 150 connections opened at once on a loaded machine took
        // longer than a shortened one to send their heads, and one was closed (149 of 150 held).
        headersTimeoutMs: 5_000,
        bodyStallMs: 300,
        requestTimeoutMs: 5_000,
        upstreamSessions: 2,
        socketsPerClient: 2,
        socketsInAll: 3,
        socketIdleMs: 300,
        socketsPressure: 3,
        socketQuietMs: 60_000,
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

  test("M2: 25 addresses holding slow calls: a desk mark and a score save still answered, a forged token not kept", async () => {
    const secret = "front-limits-secret";
    const signer = createTokenSigner(secret);
    const day = (kind: "desk" | "scorer") =>
      `Bearer ${signer.issueDayToken(kind, { exp: Date.now() + 3_600_000, day: "open-sun" }).token}`;
    // One session of 100 streams, 30 kept: the 25 addresses × 8 would take 200, the shared 70 fill.
    const kept = await startFront({
      pagesDir: join(root, "pages"),
      dataDir: join(root, "data"),
      service: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      relay: "http://127.0.0.1:9",
      port: 0,
      settings: { upstreamSessions: 1, upstreamReserved: 30, upstreamPerClient: 8 },
      tokens: { secret },
    });
    handler = (req, res) => {
      if (req.url === "/v3/slow") held.push(res);
      else res.end('{"ok":true}');
    };
    const base = `http://127.0.0.1:${kept.port}`;
    try {
      const addresses = Array.from({ length: 25 }, (_, i) => `127.0.1.${i + 1}`);
      const slow = addresses.flatMap((from) =>
        Array.from({ length: 10 }, () => call(`${base}/v3/slow`, { from })),
      );
      const answers: number[] = [];
      for (const pending of slow) void pending.then(({ status }) => answers.push(status));
      // Every call is either held at the service or answered: 70 held (the shared streams), the rest refused.
      await until(() => held.length + answers.length === slow.length);
      const refused = answers.filter((status) => status === 429 || status === 503).length;
      const perAddress = new Map<string, number>();
      for (const res of held) {
        const from = String(res.req.headers["x-forwarded-for"]);
        perAddress.set(from, (perAddress.get(from) ?? 0) + 1);
      }
      const forged = await call(`${base}/v3/days/open-sun/facilities/Rizal%20Hall/people/p1/attendance`, {
        from: "127.0.2.1",
        method: "PUT",
        headers: { authorization: "Bearer eyJleHAiOjl9.bm90LXNpZ25lZA", "content-type": "application/json" },
        body: '{"present":true}',
      });
      const mark = await call(`${base}/v3/days/open-sun/facilities/Rizal%20Hall/people/p1/attendance`, {
        from: "127.0.2.2",
        method: "PUT",
        headers: { authorization: day("desk"), "content-type": "application/json" },
        body: '{"present":true}',
      });
      const save = await call(`${base}/v3/days/open-sun/matches/7/score`, {
        from: "127.0.2.3",
        method: "PUT",
        headers: { authorization: day("scorer"), "content-type": "application/json" },
        body: '{"games":[[21,15]]}',
      });
      assert.equal(held.length, 70, "the shared streams are all held");
      assert.equal(
        refused,
        250 - 70,
        "the rest refused (429 past an address's 8, 503 past the shared streams)",
      );
      assert.ok(Math.max(...perAddress.values()) <= 8, "no address holds more than its 8");
      assert.equal(forged.status, 503, "a token the service did not issue gets no kept stream");
      assert.equal(mark.status, 200, "the desk mark is answered");
      assert.equal(save.status, 200, "the score save is answered");
      for (const res of held.splice(0)) res.end("{}");
      await Promise.all(slow);
    } finally {
      for (const res of held.splice(0)) res.end("{}");
      await kept.close();
    }
  });

  test("M1: one address past its connection cap is closed at once, unread, while another loads", async () => {
    const capped = await startFront({
      pagesDir: join(root, "pages"),
      dataDir: join(root, "data"),
      service: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      relay: "http://127.0.0.1:9",
      port: 0,
      settings: { connectionsPerClient: 5, connectionsInAll: 8, headersTimeoutMs: 60_000 },
    });
    try {
      const holding = await Promise.all(
        Array.from({ length: 5 }, () => rawConnection(capped.port, "127.0.3.1")),
      );
      for (const { socket } of holding) socket.write("GET /ping HTTP/1.1\r\nHost: x\r\n");
      const over = await rawConnection(capped.port, "127.0.3.1");
      over.socket.write("GET /ping HTTP/1.1\r\nHost: x\r\n\r\n");
      await over.closed;
      const other = await call(`http://127.0.0.1:${capped.port}/missing.json`, { from: "127.0.3.2" });
      assert.equal(over.received(), "", "closed without an answer");
      assert.equal(other.status, 404, "another address is served");
      assert.ok(
        holding.every(({ socket }) => !socket.destroyed),
        "the first five are still open",
      );
      // Three more addresses fill the 8 in all: the next connection from anyone is closed too.
      await until(() => capped.connections.open === 5);
      const more = await Promise.all(
        ["127.0.3.3", "127.0.3.4", "127.0.3.5", "127.0.3.6"].map((from) => rawConnection(capped.port, from)),
      );
      await more[3]?.closed;
      assert.equal(capped.connections.refused, 2);
      for (const { socket } of [...holding, ...more]) socket.destroy();
      await until(() => capped.connections.open === 0);
      assert.equal(capped.connections.open, 0, "closed connections give their places back");
    } finally {
      await capped.close();
    }
  });

  test("M2: past the pressure mark, relay sockets whose browser sent nothing are closed; a pinging one is kept", async () => {
    const pressed = await startFront({
      pagesDir: join(root, "pages"),
      dataDir: join(root, "data"),
      service: "http://127.0.0.1:9",
      relay: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
      port: 0,
      settings: {
        socketsPerClient: 8,
        socketsInAll: 10,
        socketsPressure: 2,
        socketQuietMs: 600,
        socketIdleMs: 60_000,
      },
    });
    try {
      const open = () =>
        new Promise<WebSocket>((done, fail) => {
          const socket = new WebSocket(`ws://127.0.0.1:${pressed.port}/live/e/d`);
          socket.once("open", () => done(socket));
          socket.once("error", fail);
        });
      const sockets = await Promise.all(Array.from({ length: 4 }, open));
      const [talker, ...quiet] = sockets as [WebSocket, ...WebSocket[]];
      const pinging = setInterval(() => talker.send("ping"), 100);
      await Promise.all(quiet.map((socket) => new Promise((done) => socket.once("close", done))));
      clearInterval(pinging);
      assert.equal(talker.readyState, WebSocket.OPEN, "the socket that sends is kept");
      talker.close();
    } finally {
      await pressed.close();
    }
  });
});

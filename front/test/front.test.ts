// The local front (front/src/): one origin for browsers. Tested over the wire against a real
// h2c server and a real WebSocket server standing in for the service and the relay.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rename, rm, utimes, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { createServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import WebSocket, { WebSocketServer } from "ws";
import { startFront } from "../src/index.ts";

type Handler = (req: Http2ServerRequest, res: Http2ServerResponse) => void;

/** The status of a GET sent with exactly `headers` (node:http adds no cache directives). */
function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((done, fail) => {
    httpRequest(url, { headers }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    })
      .once("error", fail)
      .end();
  });
}

describe("the local front", () => {
  let root: string;
  let service: ReturnType<typeof createServer>;
  let serviceHandler: Handler = (_req, res) => res.end();
  let relay: WebSocketServer;
  let front: { port: number; close(): Promise<void> };
  let url: string;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), "tops-front-"));
    await mkdir(join(root, "pages/public"), { recursive: true });
    await mkdir(join(root, "pages/assets"), { recursive: true });
    await mkdir(join(root, "data/config"), { recursive: true });
    await writeFile(join(root, "pages/public/index.html"), "<!doctype html><title>public</title>");
    await writeFile(join(root, "pages/assets/app-abc123.js"), "export {};");
    await writeFile(join(root, "pages/sw.js"), "self.addEventListener('fetch', () => {});");
    await writeFile(join(root, "pages/.source-hash"), "secret-ish");
    await writeFile(join(root, "data/config/events.json"), '{"version":1}');
    await utimes(
      join(root, "data/config/events.json"),
      new Date("2026-11-20T00:00:00Z"),
      new Date("2026-11-20T00:00:00Z"),
    );
    service = createServer((req, res) => serviceHandler(req, res));
    await new Promise<void>((done) => service.listen(0, "127.0.0.1", done));
    relay = new WebSocketServer({
      port: 0,
      host: "127.0.0.1",
      verifyClient: ({ origin }, done) => done(origin === "http://pages.test", 403, "forbidden origin"),
    });
    await new Promise((done) => relay.once("listening", done));
    relay.on("connection", (socket, req) => {
      socket.send(`hello ${req.url}`);
      socket.on("message", (data) => socket.send(`echo ${data}`));
    });
    front = await startFront({
      pagesDir: join(root, "pages"),
      dataDir: join(root, "data"),
      service: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      relay: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
      port: 0,
    });
    url = `http://127.0.0.1:${front.port}`;
  });

  after(async () => {
    await front?.close();
    relay?.close();
    service?.close();
    await rm(root, { recursive: true, force: true });
  });

  describe("/v3, /ping and /openapi.json: HTTP/1.1 in, h2c out", () => {
    test("status, headers and body pass unchanged, and the request body reaches the service", async () => {
      let seen:
        | { method: string; path: string; type: string | undefined; forwarded: unknown; body: string }
        | undefined;
      serviceHandler = (req, res) => {
        let body = "";
        req.on("data", (chunk) => {
          body += chunk;
        });
        req.on("end", () => {
          seen = {
            method: req.method,
            path: req.url,
            type: req.headers["content-type"],
            forwarded: req.headers["x-forwarded-for"],
            body,
          };
          res.writeHead(201, {
            "content-type": "application/problem+json",
            "x-app-version": "3.0.1",
            "retry-after": "7",
          });
          res.end('{"code":"x"}');
        });
      };
      const response = await fetch(`${url}/v3/sessions?x=1`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "6.6.6.6" },
        body: '{"username":"operator"}',
      });
      assert.equal(response.status, 201);
      assert.equal(response.headers.get("content-type"), "application/problem+json");
      assert.equal(response.headers.get("x-app-version"), "3.0.1");
      assert.equal(response.headers.get("retry-after"), "7");
      assert.equal(await response.text(), '{"code":"x"}');
      assert.deepEqual(seen, {
        method: "POST",
        path: "/v3/sessions?x=1",
        type: "application/json",
        forwarded: "127.0.0.1",
        body: '{"username":"operator"}',
      });
    });

    test("a stream reaches the browser line by line, not when it ends", async () => {
      let release: () => void = () => {};
      const secondLine = new Promise<void>((done) => {
        release = done;
      });
      serviceHandler = (_req, res) => {
        res.writeHead(200, { "content-type": "application/x-ndjson" });
        res.write('{"phase":"rendering"}\n');
        void secondLine.then(() => res.end('{"phase":"done"}\n'));
      };
      const response = await fetch(`${url}/v3/scoresheets`, { method: "POST" });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      assert.equal(new TextDecoder().decode(first.value), '{"phase":"rendering"}\n');
      release();
      let rest = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        rest += new TextDecoder().decode(chunk.value);
      }
      assert.equal(rest, '{"phase":"done"}\n');
    });

    test("a browser that goes away cancels its stream at the service", async () => {
      const cancelled = new Promise<void>((done) => {
        serviceHandler = (req, res) => {
          res.writeHead(200, { "content-type": "application/x-ndjson" });
          res.write("{}\n");
          req.stream.once("close", () => done());
        };
      });
      await new Promise<void>((done) => {
        const request = httpRequest(`${url}/ping`, (response) => {
          response.once("data", () => {
            request.destroy();
            done();
          });
        });
        request.end();
      });
      await cancelled;
    });

    test("a service that does not answer is 502", async () => {
      const down = await startFront({
        pagesDir: join(root, "pages"),
        dataDir: join(root, "data"),
        service: "http://127.0.0.1:9",
        relay: "http://127.0.0.1:9",
        port: 0,
      });
      try {
        assert.equal((await fetch(`http://127.0.0.1:${down.port}/openapi.json`)).status, 502);
      } finally {
        await down.close();
      }
    });
  });

  describe("the relay's sockets on /live and /attendance", () => {
    test("pass through both ways, with the browser's Origin", async () => {
      const socket = new WebSocket(`${url.replace("http", "ws")}/live/open/day-1?changes=1`, {
        origin: "http://pages.test",
      });
      const messages: string[] = [];
      const two = new Promise<void>((done) =>
        socket.on("message", (data) => {
          messages.push(String(data));
          if (messages.length === 2) done();
        }),
      );
      await new Promise((done) => socket.once("open", done));
      socket.send("ping");
      await two;
      assert.deepEqual(messages, ["hello /live/open/day-1?changes=1", "echo ping"]);
      socket.close();
    });

    test("the relay's refusal reaches the browser as it was sent", async () => {
      const status = await new Promise<number>((done, fail) => {
        const socket = new WebSocket(`${url.replace("http", "ws")}/attendance/open/day-1`, {
          origin: "https://evil.test",
        });
        socket.once("unexpected-response", (_req, res) => done(res.statusCode ?? 0));
        socket.once("open", () => fail(new Error("opened")));
      });
      assert.equal(status, 403);
    });

    test("other paths are not upgraded", async () => {
      const status = await new Promise<number>((done) => {
        const socket = new WebSocket(`${url.replace("http", "ws")}/v3/anything`);
        socket.once("unexpected-response", (_req, res) => done(res.statusCode ?? 0));
        socket.once("error", () => {});
      });
      assert.equal(status, 404);
    });
  });

  describe("pages and data", () => {
    test("a page folder redirects to its slash, then answers its index.html", async () => {
      const redirect = await fetch(`${url}/public?day=open-sat`, { redirect: "manual" });
      assert.equal(redirect.status, 301);
      assert.equal(redirect.headers.get("location"), "/public/?day=open-sat");
      const page = await fetch(`${url}/public/`);
      assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
      assert.equal(page.headers.get("cache-control"), "no-cache");
      assert.match(await page.text(), /<title>public<\/title>/);
    });

    test("config.json points every address at this origin", async () => {
      assert.deepEqual(await (await fetch(`${url}/config.json`)).json(), {
        apiUrl: "./",
        liveUrl: "./",
        dataUrl: "./",
      });
    });

    test("built assets are kept a year; data files are revalidated and answer 304 when unchanged", async () => {
      const asset = await fetch(`${url}/assets/app-abc123.js`);
      assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
      const data = await fetch(`${url}/config/events.json`);
      assert.equal(await data.text(), '{"version":1}');
      const modified = data.headers.get("last-modified") as string;
      assert.equal(modified, "Fri, 20 Nov 2026 00:00:00 GMT");
      // As a browser revalidates: fetch() with a hand-set If-Modified-Since would add
      // `Cache-Control: no-cache` (the Fetch standard), which asks for the whole file again.
      assert.equal(await statusOf(`${url}/config/events.json`, { "if-modified-since": modified }), 304);
      const etag = data.headers.get("etag") as string;
      assert.equal(await statusOf(`${url}/config/events.json`, { "if-none-match": etag }), 304);
      assert.equal(
        await statusOf(`${url}/config/events.json`, { "if-modified-since": "Thu, 19 Nov 2026 00:00:00 GMT" }),
        200,
      );
    });

    test("a data file replaced while phones read it reaches each of them whole, one version or the other, never cut", async () => {
      // As the service writes a day: a new file renamed into place. A file server that took the old
      // file's size, then opened the new one by name, sent the old size of the new bytes.
      const day = join(root, "data/config/day.json");
      const versions = [0, 1].map((v) => JSON.stringify({ v, pad: "x".repeat(20_000 + v * 30_000) }));
      await writeFile(day, versions[0] as string);
      let writing = true;
      const writer = (async () => {
        for (let n = 1; writing; n++) {
          await writeFile(`${day}.tmp`, versions[n % 2] as string);
          await rename(`${day}.tmp`, day);
        }
      })();
      // Ten phones reading 30 times each: within the front's bounds for one address (32 requests in
      // flight), which 300 reads at once exceeded on a loaded machine (a 429 is not a cut file).
      const bodies = (
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            const read: string[] = [];
            for (let n = 0; n < 30; n++) {
              const answer = await fetch(`${url}/config/day.json`);
              assert.equal(answer.status, 200);
              read.push(await answer.text());
            }
            return read;
          }),
        )
      ).flat();
      writing = false;
      await writer;
      const cut = bodies.filter((body) => !versions.includes(body));
      assert.deepEqual(
        cut.map((body) => body.length),
        [],
        "every answer is one whole version of the file",
      );
    });

    test("the pages' service worker is JavaScript, revalidated on every check (a new build takes over), for the whole site", async () => {
      const worker = await fetch(`${url}/sw.js`);
      assert.equal(worker.status, 200);
      assert.match(worker.headers.get("content-type") ?? "", /^(application|text)\/javascript/);
      assert.equal(
        worker.headers.get("cache-control"),
        "no-cache",
        "never kept a year like the hashed assets",
      );
      // At the pages' root its scope is every page: no Service-Worker-Allowed is needed.
      assert.equal(worker.headers.get("service-worker-allowed"), null);
      assert.match(worker.headers.get("content-security-policy") ?? "", /default-src 'self'/);
    });

    test("hidden files, paths outside the folders and writes are refused", async () => {
      assert.equal((await fetch(`${url}/.source-hash`)).status, 404);
      assert.equal((await fetch(`${url}/%2e%2e/%2e%2e/etc/passwd`)).status, 404);
      assert.equal((await fetch(`${url}/missing.json`)).status, 404);
      const write = await fetch(`${url}/config/events.json`, { method: "PUT", body: "{}" });
      assert.equal(write.status, 405);
      assert.equal(write.headers.get("allow"), "GET, HEAD");
    });
  });
});

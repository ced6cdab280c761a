import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { after, before, describe, it } from "node:test";
import { announce, connect, RefusedUpgrade, type RunningRelay, startRelay } from "./helpers.ts";

const SECRET = "test-push-secret";
const ORIGIN = "https://pages.test";
const SNAPSHOT = JSON.stringify({ generatedAt: "2026-03-01T08:00:00.000Z" });

async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RefusedUpgrade) return { status: error.status, body: JSON.parse(error.body) };
    throw error;
  }
  assert.fail("the upgrade was accepted");
}

/**
 * Sends a POST's headers and then, when `chunks` is given, its body without a Content-Length, one
 * 1 KiB chunk at a time, stopping at the answer: the relay answers before the body ends, and a
 * body still being written when it closes would lose that answer to a reset.
 */
function earlyAnswer(
  relay: RunningRelay,
  path: string,
  headers: Record<string, string>,
  chunks = 0,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${relay.url}${path}`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET, ...headers },
    });
    let answered = false;
    request.on("error", reject);
    request.on("response", (response) => {
      answered = true;
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    const send = (left: number) => {
      if (answered) return;
      if (left === 0) return void request.end();
      request.write(" ".repeat(1024), () => setTimeout(() => send(left - 1), 20));
    };
    if (chunks === 0) request.flushHeaders();
    else send(chunks);
  });
}

/** Sends only the headers of a request whose Content-Length is `length`, and reads the early answer. */
const declaredTooLarge = (relay: RunningRelay, path: string, length: number) =>
  earlyAnswer(relay, path, { "content-length": String(length) });

async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json() };
}

function post(relay: RunningRelay, path: string, body: string, secret: string | null = SECRET) {
  const headers: Record<string, string> = secret === null ? {} : { "x-publish-secret": secret };
  return fetch(`${relay.url}${path}`, { method: "POST", headers, body });
}

describe("the relay's guards", () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN, "https://desk.test"] });
    await announce(relay.url, SECRET, ["ev/day-1"]);
  });
  after(() => relay.dispose());

  it("GET /health answers { status: ok }", async () => {
    assert.deepEqual(await answer(await fetch(`${relay.url}/health`)), {
      status: 200,
      body: { status: "ok" },
    });
  });

  describe("origin rule: socket upgrades only from LIVE_ALLOWED_ORIGINS", () => {
    it("accepts every listed origin on both channels", async () => {
      const live = await connect(relay.url, "/live/ev/day-1", "https://desk.test");
      const nudges = await connect(relay.url, "/attendance/ev/day-1", ORIGIN);
      await Promise.all([live.close(), nudges.close()]);
    });

    it("refuses another origin with 403 forbidden", async () => {
      for (const path of ["/live/ev/day-1", "/attendance/ev/day-1"]) {
        assert.deepEqual(await refusal(connect(relay.url, path, "https://pages.test.evil.example")), {
          status: 403,
          body: { error: "this origin may not open a socket", code: "forbidden" },
        });
      }
    });

    it("refuses a missing Origin with 403 forbidden", async () => {
      assert.equal((await refusal(connect(relay.url, "/live/ev/day-1"))).status, 403);
    });

    it("answers 426 to a GET on a socket path without an upgrade", async () => {
      const response = await fetch(`${relay.url}/live/ev/day-1`, { headers: { origin: ORIGIN } });
      assert.deepEqual(await answer(response), {
        status: 426,
        body: { error: "this path only accepts a WebSocket upgrade", code: "upgrade_required" },
      });
    });
  });

  describe("X-Publish-Secret on /publish and /nudge", () => {
    for (const path of ["/publish/ev/day-1", "/nudge/ev/day-1"]) {
      it(`${path} refuses a missing secret with 401`, async () => {
        const { status, body } = await answer(await post(relay, path, SNAPSHOT, null));
        assert.equal(status, 401);
        assert.equal((body as { code: string }).code, "unauthorized");
      });

      it(`${path} refuses a wrong secret with 401, even one that only differs at the end`, async () => {
        for (const wrong of [`${SECRET}x`, SECRET.slice(0, -1), ""]) {
          assert.equal((await post(relay, path, SNAPSHOT, wrong)).status, 401);
        }
      });
    }
  });

  it("keys outside ^[a-z0-9][a-z0-9-]*$ get 400 bad_request", async () => {
    for (const path of [
      "/publish/Ev/day-1",
      "/publish/ev/-day",
      "/publish/ev/day_1",
      "/publish/ev/d%C3%A9",
    ]) {
      const { status, body } = await answer(await post(relay, path, SNAPSHOT));
      assert.equal(status, 400, path);
      assert.equal((body as { code: string }).code, "bad_request");
    }
    assert.equal((await refusal(connect(relay.url, "/live/EV/day-1", ORIGIN))).status, 400);
  });

  it("an unknown path gets 404 not_found as JSON", async () => {
    for (const path of [
      "/",
      "/live",
      "/live/ev",
      "/live/ev/day-1/extra",
      "/live/ev/day-1/",
      "/snapshots/ev/day-1",
    ]) {
      const { status, body } = await answer(await fetch(`${relay.url}${path}`));
      assert.equal(status, 404, path);
      assert.equal((body as { code: string }).code, "not_found");
    }
  });

  it("a wrong method gets 405 method_not_allowed with Allow", async () => {
    const cases: Array<[string, string, string]> = [
      ["GET", "/publish/ev/day-1", "POST"],
      ["PUT", "/nudge/ev/day-1", "POST"],
      ["POST", "/live/ev/day-1", "GET"],
      ["DELETE", "/attendance/ev/day-1", "GET"],
      ["POST", "/health", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await fetch(`${relay.url}${path}`, { method });
      assert.equal(response.headers.get("allow"), allow, `${method} ${path}`);
      assert.equal((await answer(response)).status, 405);
    }
  });

  it("a body declared over the limit gets 413 payload_too_large before it is read (5 MiB publish, 4 KiB nudge)", async () => {
    assert.deepEqual(await declaredTooLarge(relay, "/publish/ev/day-1", 5 * 1024 * 1024 + 1), {
      status: 413,
      body: { error: `the body is larger than ${5 * 1024 * 1024} bytes`, code: "payload_too_large" },
    });
    assert.equal((await declaredTooLarge(relay, "/nudge/ev/day-1", 4097)).status, 413);
  });

  it("a body at the limit is read", async () => {
    const body = JSON.stringify({ facility: "Hall A" }).padEnd(4096, " ");
    assert.deepEqual(await answer(await post(relay, "/nudge/ev/day-1", body)), {
      status: 200,
      body: { clients: 0 },
    });
  });

  it("a body over the limit without Content-Length is cut off too", async () => {
    // 8 KiB offered against the nudge's 4 KiB limit.
    const answer = await earlyAnswer(relay, "/nudge/ev/day-1", { "transfer-encoding": "chunked" }, 8);
    assert.equal(answer.status, 413);
  });

  it("a malformed body gets 400 bad_request", async () => {
    const cases: Array<[string, string]> = [
      ["/publish/ev/day-1", "{not json"],
      ["/publish/ev/day-1", "[]"],
      ["/publish/ev/day-1", JSON.stringify({ facilities: [] })],
      ["/publish/ev/day-1", JSON.stringify({ generatedAt: "yesterday" })],
      ["/nudge/ev/day-1", "facility=Hall A"],
      ["/nudge/ev/day-1", JSON.stringify({ facility: "" })],
      ["/nudge/ev/day-1", JSON.stringify({ facility: 3 })],
      ["/nudge/ev/day-1", JSON.stringify(["Hall A"])],
    ];
    for (const [path, body] of cases) {
      const result = await answer(await post(relay, path, body));
      assert.equal(result.status, 400, `${path} ${body}`);
      assert.equal((result.body as { code: string }).code, "bad_request");
    }
  });
});

describe("an unset LIVE_PUSH_SECRET", () => {
  let relay: RunningRelay;
  before(async () => {
    relay = await startRelay({ allowedOrigins: [ORIGIN] });
  });
  after(() => relay.dispose());

  it("never matches, whatever header is sent", async () => {
    for (const secret of ["", "undefined", SECRET]) {
      assert.equal((await post(relay, "/publish/ev/day-1", SNAPSHOT, secret)).status, 401);
      assert.equal((await post(relay, "/nudge/ev/day-1", '{"facility":"Hall A"}', secret)).status, 401);
    }
  });
});

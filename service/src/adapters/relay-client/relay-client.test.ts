import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { connect, RefusedUpgrade, type RunningRelay, startRelay } from "../../../../relay/test/helpers.ts";
import {
  client,
  closedPort,
  fakeRelay,
  ORIGIN,
  recordingLogger,
  SECRET,
} from "../../../test/support/relay-clients.ts";
import { manualClock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { createRelayClient, NUDGE_COOLDOWN_MS, NUDGE_FAILED } from "./index.ts";

/** Resolves on the next turn of the event loop; a promise that settles first did no network I/O. */
function nextTurn(): Promise<"next turn"> {
  return new Promise((resolve) => setImmediate(() => resolve("next turn")));
}

describe("the relay client against the relay in workerd", () => {
  let worker: RunningRelay;
  before(async () => {
    worker = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
  });
  after(() => worker.dispose());

  it("announceDays makes the relay serve sockets for those days alone", async () => {
    const { relay } = client(worker.url);
    await relay.announceDays([{ event: "open-2026", day: "day-1" }]);
    await (await connect(worker.url, "/attendance/open-2026/day-1", ORIGIN)).close();
    await assert.rejects(connect(worker.url, "/attendance/open-2026/made-up", ORIGIN), (error: unknown) => {
      assert.ok(error instanceof RefusedUpgrade);
      assert.equal(error.status, 404);
      return true;
    });
  });

  it("announceDays rejects with upstream_failure, without the secret, when the relay refuses it", async () => {
    const { relay } = client(worker.url, { secret: "not-the-secret" });
    await assert.rejects(relay.announceDays([{ event: "open-2026", day: "day-1" }]), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, "upstream_failure");
      assert.match(error.message, /401 unauthorized/);
      assert.doesNotMatch(error.message, /not-the-secret/);
      return true;
    });
  });

  it("publish pushes the snapshot to the day's channel and answers { clients }", async () => {
    const { relay } = client(`${worker.url}/`);
    assert.equal(relay.baseUrl, worker.url);
    const page = await connect(worker.url, "/live/open-2026/day-1", ORIGIN);
    const snapshot = {
      event: "open-2026",
      day: "day-1",
      generatedAt: "2026-03-01T08:00:00.000Z",
      facilities: [],
    };
    assert.deepEqual(await relay.publish("open-2026", "day-1", snapshot), { clients: 1 });
    assert.deepEqual(JSON.parse(await page.next()), snapshot);
    await page.close();
  });

  it("publish rejects with upstream_failure when the relay refuses the secret, without the secret", async () => {
    const { relay } = client(worker.url, { secret: "not-the-secret" });
    const error = await relay.publish("open-2026", "day-1", { generatedAt: "2026-03-01T08:00:00Z" }).then(
      () => assert.fail("the push was accepted"),
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof AppError);
    assert.equal(error.code, "upstream_failure");
    assert.match(error.message, /401 unauthorized/);
    assert.doesNotMatch(error.message, /not-the-secret/);
  });

  it("nudge reaches the attendance sockets and logs nothing", async () => {
    const { relay, logger } = client(worker.url);
    const desk = await connect(worker.url, "/attendance/open-2026/day-1", ORIGIN);
    await relay.nudge("open-2026", "day-1", "Hall A");
    assert.equal(await desk.next(), '{"type":"attendance","facility":"Hall A"}');
    assert.deepEqual(logger.warnings, []);
    await desk.close();
  });
});

describe("publish when the relay cannot be reached", () => {
  it("rejects with upstream_failure when the relay is down", async () => {
    const { relay } = client(await closedPort());
    await assert.rejects(relay.publish("ev", "day-1", { generatedAt: "2026-03-01T08:00:00Z" }), {
      code: "upstream_failure",
    });
  });

  it("rejects after LIVE_PUSH_TIMEOUT_MS when the relay never answers", async () => {
    const hanging = await fakeRelay(null);
    try {
      const { relay } = client(hanging.url, { pushTimeoutMs: 50 });
      await assert.rejects(relay.publish("ev", "day-1", {}), {
        code: "upstream_failure",
        message: /within 50 ms/,
      });
    } finally {
      await hanging.close();
    }
  });
});

describe("publish when the connection closes under it", () => {
  /** A relay that drops the connection of its first `drops` requests unanswered, then answers. */
  async function droppingRelay(drops: number) {
    let requests = 0;
    const server = createServer((request, response) => {
      requests++;
      request.resume();
      if (requests <= drops) request.socket.destroy();
      else response.writeHead(200, { "content-type": "application/json" }).end('{"clients":3}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      requests: () => requests,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it("is sent again once on a new connection, and answers as the relay did", async () => {
    const relay = await droppingRelay(1);
    try {
      assert.deepEqual(await client(relay.url).relay.publish("ev", "day-1", {}), { clients: 3 });
      assert.equal(relay.requests(), 2);
    } finally {
      await relay.close();
    }
  });

  it("rejects with upstream_failure when the second try is dropped too, after two requests", async () => {
    const relay = await droppingRelay(Number.POSITIVE_INFINITY);
    try {
      await assert.rejects(client(relay.url).relay.publish("ev", "day-1", {}), {
        code: "upstream_failure",
        message: /other side closed|socket hang up|ECONNRESET/,
      });
      assert.equal(relay.requests(), 2);
    } finally {
      await relay.close();
    }
  });

  it("is not sent again after a timeout: one request", async () => {
    const hanging = await fakeRelay(null);
    try {
      // Long enough for the request to reach the relay on a loaded machine (with 50 ms it once
      // timed out before the connection was taken, and the relay counted none).
      await assert.rejects(client(hanging.url, { pushTimeoutMs: 1000 }).relay.publish("ev", "day-1", {}));
      assert.equal(hanging.requests(), 1);
    } finally {
      await hanging.close();
    }
  });
});

describe("nudge rules", () => {
  it("3. a failure logs `live nudge failed`, never throws, and never logs the secret", async () => {
    const { relay, logger } = client(await closedPort());
    await relay.nudge("ev", "day-1", "Hall A");
    assert.equal(logger.warnings.length, 1);
    assert.equal(logger.warnings[0]?.msg, "live nudge failed");
    assert.doesNotMatch(JSON.stringify(logger.warnings), new RegExp(SECRET));
  });

  it("3. after a failure, a nudge during the 60 s returns at once with no request", async () => {
    const { relay, logger } = client(await closedPort());
    await relay.nudge("ev", "day-1", "Hall A");
    assert.equal(logger.warnings.length, 1);
    const second = relay.nudge("ev", "day-1", "Hall B").then(() => "returned" as const);
    assert.equal(await Promise.race([second, nextTurn()]), "returned");
    assert.equal(logger.warnings.length, 1);
  });

  it("3. the cool-down lasts 60 s from the failure, then nudges are sent again", async () => {
    const failing = await fakeRelay(503);
    try {
      const { relay, clock, logger } = client(failing.url);
      await relay.nudge("ev", "day-1", "Hall A");
      assert.equal(failing.requests(), 1);
      assert.deepEqual(logger.warnings[0]?.obj, {
        event: "ev",
        day: "day-1",
        facility: "Hall A",
        relay: failing.url,
        status: 503,
      });
      clock.advance(NUDGE_COOLDOWN_MS - 1);
      await relay.nudge("ev", "day-1", "Hall A");
      assert.equal(failing.requests(), 1);
      clock.advance(1);
      await relay.nudge("ev", "day-1", "Hall A");
      assert.equal(failing.requests(), 2);
      assert.equal(logger.warnings.length, 2);
    } finally {
      await failing.close();
    }
  });

  it("2. a nudge the relay does not answer in time is a failure (timeout)", async () => {
    const hanging = await fakeRelay(null);
    try {
      const { relay, logger } = client(hanging.url, { nudgeTimeoutMs: 50 });
      await relay.nudge("ev", "day-1", "Hall A");
      assert.equal(logger.warnings[0]?.msg, NUDGE_FAILED);
      assert.match(
        String((logger.warnings[0]?.obj as { error?: string } | undefined)?.error),
        /within 50 ms/,
      );
    } finally {
      await hanging.close();
    }
  });
});

describe("options are validated once", () => {
  const clock = manualClock(0);
  const logger = recordingLogger();
  const base = { baseUrl: "http://127.0.0.1:1", secret: SECRET, pushTimeoutMs: 1000, clock, logger };

  it("refuses a baseUrl that is not http or https, naming the option", () => {
    assert.throws(() => createRelayClient({ ...base, baseUrl: "ftp://relay.test" }), /baseUrl/);
    assert.throws(() => createRelayClient({ ...base, baseUrl: "not a url" }), /baseUrl/);
  });

  it("refuses an empty secret and a timeout below 1", () => {
    assert.throws(() => createRelayClient({ ...base, secret: "" }), /secret/);
    assert.throws(() => createRelayClient({ ...base, pushTimeoutMs: 0 }), /pushTimeoutMs/);
    assert.throws(() => createRelayClient({ ...base, pushTimeoutMs: 1.5 }), /pushTimeoutMs/);
  });
});

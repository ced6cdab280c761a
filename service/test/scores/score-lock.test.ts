import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  createScoreLock,
  LEASE_CALLS,
  LEASE_COOLDOWN_MS,
  LEASE_WAIT_MS,
} from "../../src/features/scores/score-lock.ts";
import type { LiveRelay, RelayLease } from "../../src/ports/live-relay.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { AppError } from "../../src/shared/errors.ts";

/** A relay whose lease answers are scripted: a lease, `undefined` (still taken) or an error. */
function scriptedRelay(answers: Array<RelayLease | undefined | Error>) {
  const asked: Array<{ key: string; ttlMs: number; waitMs: number }> = [];
  const released: string[] = [];
  const relay = {
    baseUrl: "http://relay.test",
    publish: async () => ({ clients: 0 }),
    nudge: async () => {},
    announceDays: async () => {},
    async acquireLease(key: string, ttlMs: number, waitMs: number) {
      asked.push({ key, ttlMs, waitMs });
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer;
    },
    async releaseLease(_key: string, token: string) {
      released.push(token);
    },
    pushLivePoint: async () => Promise.reject(new Error("no live points here")),
    endLivePoint: async () => {},
    notify: async () => {},
    health: async () => ({ answers: true }) as const,
  } satisfies LiveRelay;
  return { relay, asked, released };
}

function lock(relay: LiveRelay | undefined, sheetsCallMs = 20_000) {
  const warnings: string[] = [];
  const clock = manualClock("2026-11-21T02:00:00Z");
  const logger = { warn: (_: object, message: string) => warnings.push(message) };
  return { lock: createScoreLock({ relay, clock, logger, sheetsCallMs }), warnings, clock };
}

const isBusy = (error: unknown) => error instanceof AppError && error.code === "service_busy";

describe("the score lock: one save per workbook at a time, across instances through the relay", () => {
  test("the lease is asked for by the workbook id's SHA-256, long enough for a read and two writes (the score and the call), and given back", async () => {
    const { relay, asked, released } = scriptedRelay([{ token: "t1", ttlMs: 65_000 }]);
    const { lock: l } = lock(relay);
    const result = await l.run("open-hall-a", async (held) => {
      held.beforeWrite();
      return "saved";
    });
    assert.equal(result, "saved");
    assert.match(asked[0]?.key ?? "", /^[0-9a-f]{64}$/);
    assert.doesNotMatch(asked[0]?.key ?? "", /open-hall-a/);
    assert.deepEqual([asked[0]?.ttlMs, asked[0]?.waitMs], [LEASE_CALLS * 20_000 + 5_000, LEASE_WAIT_MS]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(released, ["t1"]);
  });

  test("a lease still taken after the wait is 503 service_busy, and the save never starts", async () => {
    const { relay } = scriptedRelay([undefined]);
    let started = false;
    await assert.rejects(
      lock(relay).lock.run("wb", async () => {
        started = true;
      }),
      isBusy,
    );
    assert.equal(started, false);
  });

  test("a lease that could run out before the write is done refuses the write (nothing written)", async () => {
    const { relay } = scriptedRelay([{ token: "t", ttlMs: 1_000 }]);
    let wrote = false;
    await assert.rejects(
      lock(relay, 5_000).lock.run("wb", async (held) => {
        held.beforeWrite();
        wrote = true;
      }),
      isBusy,
    );
    assert.equal(wrote, false);
  });

  test("an unreachable relay: saves go on under this instance's lock, with one warning, and the relay is left alone for a minute", async () => {
    const { relay, asked } = scriptedRelay([
      new Error("connect ECONNREFUSED"),
      { token: "t", ttlMs: 45_000 },
    ]);
    const { lock: l, warnings, clock } = lock(relay);
    assert.equal(await l.run("wb", async () => "first"), "first");
    assert.equal(await l.run("wb", async () => "second"), "second");
    assert.equal(asked.length, 1, "no lease asked during the cool-down");
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? "", /score lease unavailable/);
    clock.advance(LEASE_COOLDOWN_MS);
    await l.run("wb", async () => "third");
    assert.equal(asked.length, 2);
  });

  test("without a relay, saves of one workbook still run one at a time on this instance", async () => {
    const { lock: l } = lock(undefined);
    const log: string[] = [];
    const slow = l.run("wb", async () => {
      log.push("a starts");
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.push("a ends");
    });
    const next = l.run("wb", async () => {
      log.push("b starts");
    });
    await Promise.all([slow, next]);
    assert.deepEqual(log, ["a starts", "a ends", "b starts"]);
  });
});

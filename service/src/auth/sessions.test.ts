import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { manualClock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { createDeviceProofs } from "./device-proofs.ts";
import { createSessions, HASHING_LIMITS } from "./sessions.ts";
import { createTokenSigner } from "./tokens.ts";

const clock = manualClock("2026-11-21T02:00:00Z");
const signer = createTokenSigner("a-token-secret-for-unit-tests-0123")!;

/** Sessions whose password checks wait until the test lets them answer. */
function heldSessions() {
  const pending: Array<(ok: boolean) => void> = [];
  const sessions = createSessions({
    passwordHash: "unused",
    tokenTtlMs: 60_000,
    signer,
    deviceProofs: createDeviceProofs("a-token-secret-for-unit-tests-0123"),
    clock,
    verify: () => new Promise<boolean>((resolve) => pending.push(resolve)),
  });
  return { sessions, pending };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe("sign-in: a bounded hashing queue (issue 16, row 3)", () => {
  test("one hash at a time; beyond the waiting places a sign-in is 503 service_busy with Retry-After", async () => {
    const { sessions, pending } = heldSessions();
    const capacity = HASHING_LIMITS.running + HASHING_LIMITS.waiting;
    // Each from its own client, so the throttle lets every one through.
    const attempts = Array.from({ length: capacity + 5 }, (_, i) =>
      sessions.signIn(`198.51.100.${i + 1}`, { username: "u", password: "p" }),
    );
    const refused = attempts.slice(capacity).map((attempt) => attempt.catch((error: AppError) => error));
    for (const error of await Promise.all(refused)) {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, "service_busy");
      assert.equal(error.retryAfterSeconds, 1);
    }
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(pending.length, HASHING_LIMITS.running, "only the running places are hashing");
    const outcomes = attempts.slice(0, capacity).map(codeOf);
    while (pending.length > 0) {
      pending.shift()!(false);
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.deepEqual(new Set(await Promise.all(outcomes)), new Set(["unauthorized"]));
  });

  test("a success takes its own attempt back: nine failures and a success leave room for a tenth failure", async () => {
    const { sessions, pending } = heldSessions();
    const client = "203.0.113.7";
    for (let i = 0; i < 9; i++) {
      const attempt = codeOf(sessions.signIn(client, { username: "u", password: "p" }));
      await new Promise((resolve) => setImmediate(resolve));
      pending.shift()!(false);
      assert.equal(await attempt, "unauthorized");
    }
    const success = codeOf(sessions.signIn(client, { username: "u", password: "right" }));
    await new Promise((resolve) => setImmediate(resolve));
    pending.shift()!(true);
    assert.equal(await success, "ok");
    const tenth = codeOf(sessions.signIn(client, { username: "u", password: "p" }));
    await new Promise((resolve) => setImmediate(resolve));
    pending.shift()!(false);
    assert.equal(await tenth, "unauthorized", "the success did not use up the tenth attempt");
    assert.equal(await codeOf(sessions.signIn(client, { username: "u", password: "p" })), "rate_limited");
  });
});

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type RunningRelay, startRelay } from "../../../../relay/test/helpers.ts";
import { manualClock } from "../../shared/clock.ts";
import { createRelayClient } from "./index.ts";

const SECRET = "relay-client-secret";
const ORIGIN = "https://pages.test";

/** The relay client of `baseUrl`, with a clock of its own and no log. */
function client(baseUrl: string, extra: { secret?: string } = {}) {
  const clock = manualClock("2026-03-01T08:00:00Z");
  const relay = createRelayClient({
    baseUrl,
    secret: SECRET,
    pushTimeoutMs: 5_000,
    clock,
    logger: { warn() {} },
    ...extra,
  });
  return { relay };
}

describe("the score-save lease against the relay in workerd", () => {
  let worker: RunningRelay;
  const key = "a".repeat(64);
  before(async () => {
    worker = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
  });
  after(() => worker.dispose());

  it("acquireLease grants a free lease, waits for a held one, and releaseLease frees it", async () => {
    const { relay } = client(worker.url);
    const first = await relay.acquireLease(key, 10_000, 1_000);
    assert.ok(first);
    assert.equal(first.ttlMs, 10_000);
    assert.equal(await relay.acquireLease(key, 10_000, 100), undefined, "held: busy after 100 ms");
    const waiting = relay.acquireLease(key, 10_000, 5_000);
    await relay.releaseLease(key, first.token);
    const second = await waiting;
    assert.ok(second);
    assert.notEqual(second.token, first.token);
    await relay.releaseLease(key, second.token);
  });

  it("acquireLease throws when the relay refuses the secret; releaseLease never throws", async () => {
    const { relay } = client(worker.url, { secret: "not-the-secret" });
    await assert.rejects(relay.acquireLease(key, 10_000, 0), /HTTP 401/);
    await relay.releaseLease(key, "whatever");
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const down = client("http://127.0.0.1:9").relay;
    await assert.rejects(down.acquireLease(key, 10_000, 0));
    await down.releaseLease(key, "whatever");
  });
});

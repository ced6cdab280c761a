import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type RunningRelay, startRelay } from "../../../../relay/test/helpers.ts";
import { client, closedPort, ORIGIN, SECRET } from "../../../test/support/relay-clients.ts";

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
    const down = client(await closedPort()).relay;
    await assert.rejects(down.acquireLease(key, 10_000, 0));
    await down.releaseLease(key, "whatever");
  });
});

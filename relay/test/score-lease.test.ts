import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { type RunningRelay, startRelay } from "./helpers.ts";

const SECRET = "lease-test-secret";
let keys = 0;
/** A fresh lease key per test, as the service makes them: the SHA-256 of a workbook id. */
const newKey = () => createHash("sha256").update(`workbook-${keys++}`).digest("hex");

describe("the score-save lease (one Durable Object per workbook)", () => {
  let relay: RunningRelay;
  const call = async (method: "POST" | "DELETE", key: string, body: unknown, secret = SECRET) => {
    const response = await fetch(`${relay.url}/leases/${key}`, {
      method,
      headers: { "x-publish-secret": secret, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const acquire = (key: string, ttlMs = 10_000, waitMs = 5_000) => call("POST", key, { ttlMs, waitMs });

  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [] });
  });
  after(() => relay.dispose());

  it("grants a free lease at once with a token and its time to live", async () => {
    const granted = await acquire(newKey());
    assert.equal(granted.status, 200);
    assert.match(String(granted.body.token), /^[0-9a-f-]{36}$/);
    assert.equal(granted.body.ttlMs, 10_000);
  });

  it("a second asker waits until the holder releases, then holds it", async () => {
    const key = newKey();
    const first = await acquire(key);
    let secondSettled = false;
    const second = acquire(key).then((answer) => {
      secondSettled = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(secondSettled, false, "the second asker must wait while the lease is held");
    assert.deepEqual((await call("DELETE", key, { token: first.body.token })).body, { released: true });
    const granted = await second;
    assert.equal(granted.status, 200);
    assert.notEqual(granted.body.token, first.body.token);
  });

  it("askers are served one at a time in arrival order", async () => {
    const key = newKey();
    const held = await acquire(key);
    const order: string[] = [];
    const askers = ["b", "c", "d"].map(async (name, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 20));
      const granted = await acquire(key);
      order.push(name);
      await call("DELETE", key, { token: granted.body.token });
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await call("DELETE", key, { token: held.body.token });
    await Promise.all(askers);
    assert.deepEqual(order, ["b", "c", "d"]);
  });

  it("a lease whose holder never releases it ends after its time to live", async () => {
    const key = newKey();
    await acquire(key, 1_000);
    const next = await acquire(key, 10_000, 5_000);
    assert.equal(next.status, 200, "the lease was free again once its holder's time ran out");
  });

  it("an asker that waited its whole limit gets 409 lease_busy with the holder's time left", async () => {
    const key = newKey();
    await acquire(key, 60_000);
    const busy = await acquire(key, 10_000, 200);
    assert.equal(busy.status, 409);
    assert.equal(busy.body.code, "lease_busy");
    assert.ok(Number(busy.body.retryAfterMs) > 50_000);
  });

  it("a release with another token changes nothing", async () => {
    const key = newKey();
    await acquire(key, 60_000);
    assert.deepEqual((await call("DELETE", key, { token: "not-the-holder" })).body, { released: false });
    assert.equal((await acquire(key, 10_000, 100)).status, 409);
  });

  it("refuses a wrong secret, a malformed key and out-of-range times", async () => {
    assert.equal((await call("POST", newKey(), { ttlMs: 10_000, waitMs: 0 }, "wrong")).status, 401);
    const badKey = await fetch(`${relay.url}/leases/NOT-A-HASH`, {
      method: "POST",
      headers: { "x-publish-secret": SECRET },
      body: "{}",
    });
    assert.equal(badKey.status, 404);
    await badKey.arrayBuffer();
    assert.equal((await call("POST", newKey(), { ttlMs: 999_999, waitMs: 0 })).status, 400);
    assert.equal((await call("POST", newKey(), { ttlMs: 10_000, waitMs: -1 })).status, 400);
    const get = await fetch(`${relay.url}/leases/${newKey()}`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST, DELETE");
    await get.arrayBuffer();
  });
});

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { connect, type RunningRelay, startRelay } from "../../../relay/test/helpers.ts";
import { createRelayClient } from "../../src/adapters/relay-client/index.ts";
import { systemClock } from "../../src/shared/clock.ts";
import { type SyncEnv, startSyncEnv } from "../sync/support.ts";
import { matchRows, standingsRows } from "../sync/support-rows.ts";

const ORIGIN = "https://pages.test";
const SECRET = "relay-secret-for-e2e";

describe("End to end: service + relay in Miniflare + a WebSocket client (ws)", () => {
  let relay: RunningRelay;
  let env: SyncEnv;
  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
    const liveRelay = createRelayClient({
      baseUrl: relay.url,
      secret: SECRET,
      pushTimeoutMs: 5_000,
      clock: systemClock,
      logger: { warn() {} },
    });
    env = await startSyncEnv("local", { liveRelay, clock: systemClock });
    env.services.afterFacilitySync.length = 0;
    await env.setFacility("open-hall-b", { CSV: matchRows("B", 2), STANDINGSCSV: standingsRows("B") });
  });
  after(async () => {
    await env?.close();
    await relay?.dispose();
  });

  test("a facility sync arrives at the client", async () => {
    const page = await connect(relay.url, "/live/open-2026/open-sat", ORIGIN);
    try {
      await env.setFacility("open-hall-a", { CSV: matchRows("A", 3, 17), STANDINGSCSV: standingsRows("A") });
      const res = await env.client.request("POST", "/v3/days/open-sat/facilities/Hall%20A/syncs", {
        headers: env.secret,
        body: {},
      });
      assert.equal(res.status, 200);
      assert.equal(res.json().live.pushed, true);
      assert.equal(res.json().live.clients, 1);
      const snapshot = JSON.parse(await page.next());
      assert.equal(snapshot.generatedAt, res.json().snapshot.generatedAt);
      assert.match(
        snapshot.matchesCsv,
        /^Hall A,1,09:00,A 1,MS,MS_1,"Player 1, Jr\.",MS_101,"Player ""101""",17,1$/m,
      );
    } finally {
      await page.close();
    }
  });

  test("a visibility change arrives too, and a page opening later gets the newest snapshot on connect", async () => {
    const res = await env.client.request("PUT", "/v3/days/open-sat/visibility", {
      headers: env.operator(),
      body: { isLive: true },
    });
    assert.equal(res.json().live.pushed, true);
    const late = await connect(relay.url, "/live/open-2026/open-sat", ORIGIN);
    try {
      const snapshot = JSON.parse(await late.next());
      assert.equal(snapshot.isLive, true);
    } finally {
      await late.close();
    }
  });
});

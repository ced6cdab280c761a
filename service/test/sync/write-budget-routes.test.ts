import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { matchRows, type SyncEnv, standingsRows, startSyncEnv } from "./support.ts";

/**
 * The write budget as callers see it, over h2c: a budget of 20 commits an hour (18 for snapshots,
 * 2 of them at once, then one every 3¾ minutes). The third day's snapshot waits for its turn; its
 * sync is answered at once, `carried` with `retryAt`; the diagnostics show it; a revocation goes
 * before it.
 */
describe("the write budget over the wire", () => {
  let env: SyncEnv;
  const sync = (day: string, facility: string) =>
    env.client.request("POST", `/v3/days/${day}/facilities/${encodeURIComponent(facility)}/syncs`, {
      headers: env.operator(),
    });
  const diagnostics = async () =>
    (await env.client.request("GET", "/v3/diagnostics/sync", { headers: env.operator() })).json();

  before(async () => {
    env = await startSyncEnv("local", { env: { DATA_REPO_WRITES_PER_HOUR: "20" } });
    env.services.afterFacilitySync.length = 0;
    for (const sheetId of ["open-hall-a", "open-sun-hall-a", "dual-court"])
      await env.setFacility(sheetId, { CSV: matchRows("A", 2, 1), STANDINGSCSV: standingsRows("A") });
  });
  after(() => env.close());

  test("a snapshot beyond the budget is answered carried with retryAt, shows in the diagnostics, and an urgent write still goes at once", async () => {
    for (const [day, facility] of [
      ["open-sat", "Hall A"],
      ["open-sun", "Hall A"],
    ] as const) {
      const report = await sync(day, facility);
      assert.equal(report.status, 200, report.text);
      assert.equal(report.json().archive.status, "committed", day);
    }
    const waiting = await sync("dual-d1", "Court House");
    assert.equal(waiting.status, 200);
    const { status, retryAt } = waiting.json().archive;
    assert.equal(status, "carried");
    const wait = Date.parse(retryAt) - env.clock.now();
    assert.ok(wait > 60_000 && wait <= 240_000, `the turn expected in ${wait} ms`);

    const { repository } = await diagnostics();
    assert.deepEqual(repository.delayedCommits, [
      { path: "dual-2026/data/dual-d1.json", retryAt, waiting: 1 },
    ]);
    assert.deepEqual(repository.writeBudget, {
      perMinute: { limit: 80, used: 2 },
      perHour: { limit: 20, used: 2 },
      waiting: { urgent: 0, snapshot: 1 },
    });

    // A desk link issued and revoked: two urgent commits, neither behind the waiting snapshot.
    const issued = await env.client.request("POST", "/v3/days/open-sat/attendance/desk-links", {
      headers: env.operator(),
      body: { issuedTo: "Front desk" },
    });
    assert.equal(issued.status, 201, issued.text);
    const revoked = await env.client.request(
      "PUT",
      `/v3/days/open-sat/links/${issued.json().linkId}/revocation`,
      {
        headers: env.operator(),
      },
    );
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal(revoked.json().changed, true);
    const after = (await diagnostics()).repository.writeBudget;
    assert.deepEqual([after.perHour.used, after.waiting], [4, { urgent: 0, snapshot: 1 }]);
  });
});

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { FacilitySynced } from "../../src/features/sync/index.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import { MODES, matchRows, type SyncEnv, standingsRows, startSyncEnv } from "./support.ts";

function registryWithThreeFacilities() {
  const registry = sampleRegistry();
  (registry.events["open-2026"].days as Record<string, unknown>)["open-tri"] = {
    label: "Three halls",
    facilities: [
      { name: "Hall A", sheetId: "tri-a" },
      { name: "Hall B", sheetId: "tri-b" },
      { name: "Hall C", sheetId: "tri-c" },
    ],
  };
  return registry;
}

const hallRows = (csv: string, facility: string) =>
  csv.split("\n").filter((line) => line.startsWith(`${facility},`));

for (const mode of MODES) {
  describe(`Upstream budgets and failures (${mode})`, () => {
    let env: SyncEnv;
    before(async () => {
      env = await startSyncEnv(mode, { registry: registryWithThreeFacilities(), sheetsLatencyMs: 150 });
      env.services.afterFacilitySync.length = 0;
      for (const id of ["a", "b", "c"])
        await env.setFacility(`tri-${id}`, { CSV: matchRows(id, 3, 1), STANDINGSCSV: standingsRows(id) });
    });
    after(() => env.close());

    test("20 syncs of one facility within 100 ms: at most two Sheets reads and two repository writes; every report holds the last edit", async () => {
      await env.setFacility("tri-a", { CSV: matchRows("a", 3, 20), STANDINGSCSV: standingsRows("a") });
      const reads = env.sheetsReads();
      const writes = env.repositoryWrites();
      // Fired on a schedule made up front: one every 5 ms, the last at 95 ms.
      const fire = (i: number) =>
        new Promise((resolve) => setTimeout(resolve, i * 5)).then(() =>
          env.client.request("POST", "/v3/days/open-tri/facilities/Hall%20A/syncs", {
            headers: env.secret,
            body: {},
          }),
        );
      const pending = Array.from({ length: 20 }, (_, i) => fire(i));
      const reports = (await Promise.all(pending)).map((res) => {
        assert.equal(res.status, 200);
        return res.json();
      });
      assert.ok(env.sheetsReads() - reads <= 2, `${env.sheetsReads() - reads} Sheets reads`);
      assert.ok(env.repositoryWrites() - writes <= 2, `${env.repositoryWrites() - writes} repository writes`);
      for (const report of reports) {
        const hallA = report.snapshot.facilities.find((f: { name: string }) => f.name === "Hall A");
        assert.match(
          hallA.matchesCsv,
          /^1,09:00,a 1,MS,MS_1,"Player 1, Jr\.",MS_101,"Player ""101""",20,1$/m,
        );
        assert.ok(["committed", "carried", "unchanged"].includes(report.archive.status));
      }
      const stored = await env.published("open-2026/data/open-tri.json");
      assert.match(stored.facilities[0].matchesCsv, /,20,1$/m);
    });

    test("one of three facilities failing: the snapshot still has all three, the failed one stale with its previous rows", async () => {
      assert.equal(
        (await env.client.request("POST", "/v3/days/open-tri/syncs", { headers: env.secret })).status,
        200,
      );
      for (const id of ["a", "b", "c"])
        await env.setFacility(`tri-${id}`, { CSV: matchRows(id, 4, 7), STANDINGSCSV: standingsRows(id) });
      const previous = (await env.published("open-2026/data/open-tri.json")).facilities[1];
      env.failNextRead("tri-b");
      const res = await env.client.request("POST", "/v3/days/open-tri/syncs", { headers: env.secret });
      assert.equal(res.status, 200);
      const report = res.json();
      assert.deepEqual(
        report.facilities.map((f: { status: string }) => f.status),
        ["ok", "stale", "ok"],
      );
      assert.ok(report.facilities[1].error);
      const stored = await env.published("open-2026/data/open-tri.json");
      assert.deepEqual(
        stored.facilities.map((f: { name: string; status: string }) => [f.name, f.status]),
        [
          ["Hall A", "ok"],
          ["Hall B", "stale"],
          ["Hall C", "ok"],
        ],
      );
      assert.equal(stored.facilities[1].matchesCsv, previous.matchesCsv);
      assert.equal(stored.facilities[1].fetchedAt, previous.fetchedAt);
      assert.ok(stored.facilities[1].error);
      assert.equal(hallRows(stored.matchesCsv, "Hall A").length, 4);
      assert.equal(
        hallRows(stored.matchesCsv, "Hall B").length,
        previous.matchesCsv.trim().split("\n").length - 1,
      );
      assert.equal(hallRows(stored.matchesCsv, "Hall C").length, 4);
    });

    test("the post-sync hook point: every hook runs after each facility sync; a failing hook changes nothing", async () => {
      const seen: string[] = [];
      env.services.afterFacilitySync.push(async (synced: FacilitySynced) => {
        seen.push(`${synced.eventKey}/${synced.dayKey}/${synced.facility.name}`);
      });
      env.services.afterFacilitySync.push(async () => {
        throw new Error("attendance hook broke");
      });
      await env.setFacility("tri-c", { CSV: matchRows("c", 2, 9), STANDINGSCSV: standingsRows("c") });
      const one = await env.client.request("POST", "/v3/days/open-tri/facilities/Hall%20C/syncs", {
        headers: env.secret,
        body: {},
      });
      assert.equal(one.status, 200);
      assert.deepEqual(seen, ["open-2026/open-tri/Hall C"]);
      const day = await env.client.request("POST", "/v3/days/open-tri/syncs", { headers: env.secret });
      assert.equal(day.status, 200);
      assert.deepEqual(seen.slice(1).sort(), [
        "open-2026/open-tri/Hall A",
        "open-2026/open-tri/Hall B",
        "open-2026/open-tri/Hall C",
      ]);
      env.services.afterFacilitySync.length = 0;
    });
  });
}

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MODES, matchRows, type SyncEnv, standingsRows, startSyncEnv } from "./support.ts";

const A = "/v3/days/open-sat/facilities/Hall%20A/syncs";
const DAY = "/v3/days/open-sat/syncs";

for (const mode of MODES) {
  describe(`Sync rules (${mode})`, () => {
    let env: SyncEnv;
    before(async () => {
      env = await startSyncEnv(mode);
      env.services.afterFacilitySync.length = 0;
      await env.setFacility("open-hall-a", { CSV: matchRows("A", 3, 21), STANDINGSCSV: standingsRows("A") });
      await env.setFacility("open-hall-b", { CSV: matchRows("B", 2), STANDINGSCSV: standingsRows("B") });
    });
    after(() => env.close());
    const post = (path: string, body?: unknown, headers: Record<string, string> = env.secret) =>
      env.client.request("POST", path, { headers, body });

    test("a facility sync reads the workbook and publishes the snapshot to <event>/data/<day>.json", async () => {
      const res = await post(A, {});
      assert.equal(res.status, 200);
      const report = res.json();
      assert.deepEqual(
        report.facilities.map((f: { name: string; status: string; matches: number }) => [
          f.name,
          f.status,
          f.matches,
        ]),
        [["Hall A", "ok", 3]],
      );
      assert.equal(report.method, "sheets");
      const stored = await env.repository.read("open-2026/data/open-sat.json");
      assert.ok(stored);
      assert.equal(report.archive.path, "open-2026/data/open-sat.json");
      assert.equal(report.archive.revision, stored.revision);
      assert.equal(report.archive.status, "committed");
      const snapshot = JSON.parse(stored.content);
      assert.deepEqual(snapshot, report.snapshot);
      assert.match(snapshot.facilities[0].matchesCsv, /^matchNumber,time,court/);
      assert.match(snapshot.facilities[0].matchesCsv, /"Player 1, Jr\.",MS_101,"Player ""101""",21,1\n/);
      assert.equal(snapshot.facilities[0].standingsCsv, "Team Code,Player,Points\nMS_1,A Player 1,3\n");
      assert.match(snapshot.matchesCsv, /^facility,matchNumber,/);
      assert.deepEqual(
        snapshot.facilities.map((f: { name: string; status: string }) => [f.name, f.status]),
        [
          ["Hall A", "ok"],
          ["Hall B", "stale"],
          ["Annex", "skipped"],
        ],
      );
    });

    test("a day sync reads every facility with a sheetId and skips the one without", async () => {
      const res = await post(DAY);
      assert.equal(res.status, 200);
      const report = res.json();
      assert.deepEqual(
        report.facilities.map((f: { status: string }) => f.status),
        ["ok", "ok", "skipped"],
      );
      assert.equal(report.facility, null);
      assert.equal(
        report.snapshot.matchesCsv.split("\n").filter((l: string) => l.startsWith("Hall B,")).length,
        2,
      );
    });

    test("the sync routes take the secret or an operator token, nothing else", async () => {
      assert.equal((await post(A, {}, {})).status, 401);
      assert.equal((await post(A, {}, { authorization: `Bearer ${env.deskToken("open-sat")}` })).status, 401);
      assert.equal((await post(A, {}, env.operator())).status, 200);
      assert.equal((await post("/sync/open-sat?facility=Hall%20A", undefined, {})).status, 401);
    });

    test("method csv reads the link-shared export; an unknown method is 400 on /v3, silently sheets on the frozen route", async () => {
      const csv = await post(A, { method: "csv" });
      assert.equal(csv.status, 200);
      assert.equal(csv.json().method, "csv");
      assert.equal(csv.json().facilities[0].matches, 3);
      const bad = await post(A, { method: "xml" });
      assert.equal(bad.status, 400);
      assert.equal(bad.json().code, "validation_error");
      const frozen = await post("/sync/open-sat?facility=Hall%20A&method=xml");
      assert.equal(frozen.status, 200);
      assert.equal(frozen.json().method, "sheets");
      assert.equal(
        frozen.headers.link,
        "</v3/days/open-sat/facilities/Hall%20A/syncs>; rel=successor-version",
      );
      assert.match(String(frozen.headers.deprecation), /^@\d+$/);
    });

    test("editedAt: 400 when it does not parse, ignored when older than an hour or in the future, refused on a day sync", async () => {
      const now = env.clock.now();
      const unparsable = await post(A, { editedAt: "yesterday" });
      assert.equal(unparsable.status, 400);
      assert.equal(unparsable.json().code, "validation_error");
      const old = (await post(A, { editedAt: new Date(now - 3_600_001).toISOString() })).json();
      assert.equal(old.editedAt, null);
      assert.equal(old.editedAtIgnored, "editedAt is older than one hour");
      const future = (await post(A, { editedAt: new Date(now + 1_000).toISOString() })).json();
      assert.equal(future.editedAt, null);
      assert.equal(future.editedAtIgnored, "editedAt is in the future");
      const recent = (await post(A, { editedAt: new Date(now - 60_000).toISOString() })).json();
      assert.equal(recent.editedAt, new Date(now - 60_000).toISOString());
      assert.equal(recent.snapshot.editedAt, new Date(now - 60_000).toISOString());
      const day = await post(DAY, { editedAt: new Date(now).toISOString() });
      assert.equal(day.status, 400);
      assert.equal(day.json().code, "validation_error");
    });

    test("the frozen route takes X-Edit-At (ISO or epoch ms); a bad one is 400 with the plain body", async () => {
      const now = env.clock.now();
      const iso = await post("/sync/open-sat?facility=Hall%20A", undefined, {
        ...env.secret,
        "x-edit-at": new Date(now - 5_000).toISOString(),
      });
      assert.equal(iso.json().editedAt, new Date(now - 5_000).toISOString());
      const ms = await post("/sync/open-sat?facility=Hall%20A", undefined, {
        ...env.secret,
        "x-edit-at": String(now - 7_000),
      });
      assert.equal(ms.json().editedAt, new Date(now - 7_000).toISOString());
      const bad = await post("/sync/open-sat?facility=Hall%20A", undefined, {
        ...env.secret,
        "x-edit-at": "soon",
      });
      assert.equal(bad.status, 400);
      assert.deepEqual(Object.keys(bad.json()), ["error", "code"]);
      const daySync = await post("/sync/open-sat", undefined, env.secret);
      assert.equal(daySync.status, 200);
      assert.equal(daySync.json().facility, null);
      assert.equal(daySync.headers.link, "</v3/days/open-sat/syncs>; rel=successor-version");
    });

    test("unknown day or facility: 404 on /v3 (problem details), 400 on the frozen route", async () => {
      const day = await post("/v3/days/no-such-day/syncs");
      assert.equal(day.status, 404);
      assert.equal(day.json().code, "unknown_day");
      assert.match(String(day.headers["content-type"]), /problem\+json/);
      const facility = await post("/v3/days/open-sat/facilities/Hall%20Z/syncs");
      assert.equal(facility.status, 404);
      assert.equal(facility.json().code, "unknown_facility");
      const frozenDay = await post("/sync/no-such-day");
      assert.equal(frozenDay.status, 400);
      assert.deepEqual(frozenDay.json().code, "unknown_day");
      const frozenFacility = await post("/sync/open-sat?facility=Hall%20Z");
      assert.equal(frozenFacility.status, 400);
      assert.equal(frozenFacility.json().code, "unknown_facility");
    });

    test("502 upstream_failure when every facility's fetch fails; nothing is published", async () => {
      const before = await env.repository.read("open-2026/data/open-sat.json");
      env.failNextRead("open-hall-a");
      const one = await post(A, {});
      assert.equal(one.status, 502);
      assert.equal(one.json().code, "upstream_failure");
      env.failNextRead("open-hall-a");
      env.failNextRead("open-hall-b");
      const all = await post(DAY);
      assert.equal(all.status, 502);
      assert.equal(all.json().code, "upstream_failure");
      assert.deepEqual(
        all.json().facilities.map((f: { name: string }) => f.name),
        ["Hall A", "Hall B"],
      );
      assert.equal((await env.repository.read("open-2026/data/open-sat.json"))?.revision, before?.revision);
    });

    test("a conflicting write is re-read and re-merged; three conflicts in a row are 409 conflict", async () => {
      await env.setFacility("open-hall-a", { CSV: matchRows("A", 3, 11), STANDINGSCSV: standingsRows("A") });
      env.interfere(2);
      const merged = await post(A, {});
      assert.equal(merged.status, 200);
      const stored = await env.published();
      assert.equal(
        stored.facilities.find((f: { name: string }) => f.name === "Hall B").matchesCsv,
        "matchNumber\n900\n",
      );
      assert.equal(stored.facilities.find((f: { name: string }) => f.name === "Hall A").status, "ok");
      env.interfere(3);
      await env.setFacility("open-hall-a", { CSV: matchRows("A", 4, 15), STANDINGSCSV: standingsRows("A") });
      const conflict = await post(A, {});
      assert.equal(conflict.status, 409);
      assert.equal(conflict.json().code, "conflict");
    });

    test("an identical snapshot is not committed again, and the report says so", async () => {
      const first = (await post(A, {})).json();
      const writes = env.repositoryWrites();
      const second = (await post(A, {})).json();
      assert.equal(env.repositoryWrites(), writes);
      assert.equal(second.archive.status, "unchanged");
      assert.equal(second.archive.revision, first.archive.revision);
    });

    test("the diagnostics count Sheets calls per minute", async () => {
      const res = await env.client.request("GET", "/v3/diagnostics/sync", { headers: env.secret });
      assert.equal(res.status, 200);
      assert.ok(res.json().sheets.apiCallsLastMinute > 0);
      assert.equal(res.json().sheets.readsPerMinuteQuota, 60);
    });
  });
}

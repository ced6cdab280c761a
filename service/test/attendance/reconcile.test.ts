import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { toStoredFormula } from "../../src/adapters/xlsx-workbooks/formula-text.ts";
import { NOT_YET_IN_FORMULA } from "../../src/features/attendance/write-allowlist.ts";
import { SPREADSHEET_BACKENDS as BACKENDS, type SpreadsheetBackend as Backend } from "../support/backends.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import type { TestCell } from "../support/workbooks.ts";
import { type AttendanceApp, HEADER, startAttendanceApp } from "./harness.ts";

const RECONCILE = "/v3/days/open-sat/attendance/reconciliations";
const STANDINGS: TestCell[][] = [
  ["Group", "Team Code", "Player", "Points"],
  ["A", "MS_1", "Ana Cruz", 3],
  ["A", "MS_2", "Ben Lim", 1],
  ["A", "XD_1", "Ana Cruz / Eli Go", 2],
  ["A", "XD_2", "XD_2", 0],
  ["A", "MS_3", "bye", 0],
  ["A", "SF_1", "Winner of QF1", 0],
  ["", "Semifinal", "Seed 1", 0],
  ["A", "MS_4", "ana  cruz", 0],
  ["A", "WS_1", "José Reyes", 0],
];
const ATTENDANCE: TestCell[][] = [
  [...HEADER, "notes"],
  ["ana cruz", "Ana Cruz", "MS_1", "MS", true, "2026-11-21 09:00", false, "vip"],
  ["old timer", "Old Timer", "MS_9", "MS", true, "2026-11-21 08:00", false],
  ["ben lim", "Ben Lim", "MS_2", "MS", false, "", false],
  ["ANA CRUZ", "Ana dup", "XD_1", "XD", false, "", false],
  ["jose reyes", "José Reyes", "WS_1", "WS", false, "", true],
];

for (const { name, start } of BACKENDS) {
  describe(`attendance reconciliation (${name})`, () => {
    let backend: Backend;
    let t: AttendanceApp;
    const post = (path: string, body?: unknown, headers = t.operator) =>
      t.client.request("POST", path, { headers, body });

    before(async () => {
      backend = await start();
      const registry = sampleRegistry();
      (registry.events["teams-2026"] as { attendance?: string }).attendance = "console";
      t = await startAttendanceApp(backend.adapter(), { registry });
    });
    after(async () => {
      await t.close();
      await backend.close();
    });
    beforeEach(async () => {
      await backend.seed("open-hall-a", { STANDINGSCSV: STANDINGS, ATTENDANCE });
      await backend.seed("open-hall-b", { STANDINGSCSV: STANDINGS.slice(0, 3) });
      backend.fake?.resetLog();
      t.relay.nudges.length = 0;
    });

    test("a roster change that withdraws, adds and merges duplicates goes in one batch write", async () => {
      const res = await post(RECONCILE, { facility: "Hall A" });
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), {
        day: "open-sat",
        facilities: [{ name: "Hall A", created: false, added: 1, updated: 3, withdrawn: 1 }],
      });
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.deepEqual(rows, [
        [...HEADER, "notes"],
        ["ana cruz", "Ana Cruz", "MS_1, XD_1", "MS, XD", "TRUE", "2026-11-21 09:00", "FALSE", "vip"],
        ["old timer", "Old Timer", "MS_9", "MS", "TRUE", "2026-11-21 08:00", "TRUE"],
        ["ben lim", "Ben Lim", "MS_2", "MS", "FALSE", "", "FALSE"],
        [],
        ["jose reyes", "José Reyes", "WS_1", "WS", "FALSE", "", "FALSE"],
        ["eli go", "Eli Go", "XD_1", "XD", "FALSE", "", "FALSE"],
      ]);
      assert.equal((await backend.cell("open-hall-a", "ATTENDANCE", "G3")).value, true);
      if (backend.fake) assert.equal(backend.fake.count("values:batchUpdate"), 1);
      assert.deepEqual(t.relay.nudges, ["open-2026/open-sat/Hall A"]);

      backend.fake?.resetLog();
      const again = await post(RECONCILE, { facility: "Hall A" });
      assert.deepEqual(again.json().facilities, [
        { name: "Hall A", created: false, added: 0, updated: 0, withdrawn: 0 },
      ]);
      if (backend.fake) assert.equal(backend.fake.count("values:batchUpdate"), 0);
      assert.equal(t.relay.nudges.length, 1);
    });

    test("a missing tab is created with its header, the people and the column J 'not yet in' FILTER list", async () => {
      const res = await post(RECONCILE, { facility: "Hall B" });
      assert.deepEqual(res.json().facilities, [
        { name: "Hall B", created: true, added: 2, updated: 0, withdrawn: 0 },
      ]);
      const rows = await backend.tab("open-hall-b", "ATTENDANCE");
      assert.deepEqual(rows?.[0]?.slice(0, 7), HEADER);
      assert.deepEqual(rows?.[1]?.slice(0, 7), ["ana cruz", "Ana Cruz", "MS_1", "MS", "FALSE", "", "FALSE"]);
      assert.deepEqual(rows?.[2]?.slice(0, 7), ["ben lim", "Ben Lim", "MS_2", "MS", "FALSE", "", "FALSE"]);
      assert.equal(rows?.[0]?.[9], "not yet in");
      const j2 = await backend.cell("open-hall-b", "ATTENDANCE", "J2");
      // Sheets keeps the spec's form; an .xlsx file stores it as Excel and LibreOffice read it.
      const stored =
        name === "local" ? toStoredFormula(NOT_YET_IN_FORMULA, "ATTENDANCE", () => 999) : NOT_YET_IN_FORMULA;
      assert.equal(j2.formula, stored);
      if (name === "local") assert.deepEqual([rows?.[1]?.[9], rows?.[2]?.[9]], ["Ana Cruz", "Ben Lim"]);
      assert.deepEqual(t.relay.nudges, ["open-2026/open-sat/Hall B"]);
    });

    test("an existing tab's header is never rewritten; a wrong header is 409 and nothing is written", async () => {
      await backend.seed("open-hall-a", {
        STANDINGSCSV: STANDINGS,
        ATTENDANCE: [["Key", ...HEADER.slice(1)]],
      });
      backend.fake?.resetLog();
      const res = await post(RECONCILE, { facility: "Hall A" });
      assert.deepEqual([res.status, res.json().code], [409, "attendance_layout"]);
      if (backend.fake)
        assert.equal(backend.fake.count("values:batchUpdate") + backend.fake.count(":batchUpdate"), 0);
      assert.deepEqual((await backend.tab("open-hall-a", "ATTENDANCE"))?.[0]?.[0], "Key");
    });

    test("every facility when no body is sent; a facility without a workbook is skipped; the frozen twin takes ?facility=", async () => {
      const all = await post(RECONCILE);
      assert.deepEqual(
        all.json().facilities.map((f: { name: string; skipped?: boolean }) => [f.name, f.skipped ?? false]),
        [
          ["Hall A", false],
          ["Hall B", false],
          ["Annex", true],
        ],
      );
      const frozen = await post("/v1/days/open-sat/attendance/reconciliations?facility=Hall%20B");
      assert.equal(frozen.status, 200);
      assert.deepEqual(frozen.json(), {
        day: "open-sat",
        facilities: [{ name: "Hall B", created: false, added: 0, updated: 0, withdrawn: 0 }],
      });
      assert.equal(
        frozen.headers.link,
        "</v3/days/open-sat/attendance/reconciliations>; rel=successor-version",
      );
      const unknownV1 = await post("/v1/days/open-sat/attendance/reconciliations?facility=Nope");
      assert.deepEqual([unknownV1.status, unknownV1.json().code], [400, "unknown_facility"]);
      const unknownV3 = await post(RECONCILE, { facility: "Nope" });
      assert.deepEqual([unknownV3.status, unknownV3.json().code], [404, "unknown_facility"]);
      assert.equal((await post(RECONCILE, { facility: 3 })).status, 400);
      assert.equal((await post(RECONCILE, undefined, t.desk())).status, 401);
    });

    test("dual-meet codes take the middle segment; team events read Team Code and FINAL LEVEL ORDER of Teams", async () => {
      await backend.seed("dual-court", {
        STANDINGSCSV: [
          ["Team Code", "Player"],
          ["U13_BS_1", "Kai Tan"],
          ["U13_GS_2", "Kai Tan"],
          ["MS_1", "Not Dual"],
        ],
      });
      const dual = await post("/v3/days/dual-d1/attendance/reconciliations", { facility: "Court House" });
      assert.equal(dual.status, 200);
      const dualRows = await backend.tab("dual-court", "ATTENDANCE");
      assert.deepEqual(
        dualRows?.slice(1).map((r) => r.slice(0, 4)),
        [["kai tan", "Kai Tan", "U13_BS_1, U13_GS_2", "BS, GS"]],
      );

      await backend.seed("teams-arena", {
        Teams: [
          ["Team Code", "FINAL LEVEL ORDER"],
          ["ALPHA", "Lea Sy"],
          ["ALPHA", "ALPHA"],
          ["BETA", "Bye"],
          ["BETA", "Max Ong"],
        ],
      });
      const team = await post("/v3/days/teams-d1/attendance/reconciliations");
      assert.equal(team.status, 200);
      const teamRows = await backend.tab("teams-arena", "ATTENDANCE");
      assert.deepEqual(
        teamRows?.slice(1).map((r) => r.slice(0, 4)),
        [
          ["lea sy", "Lea Sy", "ALPHA", "ALPHA"],
          ["max ong", "Max Ong", "BETA", "BETA"],
        ],
      );
    });
  });
}

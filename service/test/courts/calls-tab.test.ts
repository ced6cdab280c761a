import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { checkCallsWrite } from "../../src/features/courts/calls-write-allowlist.ts";
import { CALL_COLUMNS } from "../../src/shared/call-columns.ts";
import { HALL_A, scheduleWorkbook } from "../scores/schedule-fixture.ts";
import { SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";
import { SPREADSHEET_BACKENDS, type SpreadsheetBackend } from "../support/backends.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import { CALLS_HEADER, callRows } from "./courts-fixture.ts";

const row = ["1", "Court 1", "2026-11-21 10:00:00", "", "", "Operator console", "called"];

describe("the calls write allowlist: one whole CALLS row, A to G, from row 2, raw, a call state", () => {
  test("a call row is let through; row 1 only as the exact header of a tab being created", () => {
    checkCallsWrite({ range: "CALLS!A2:G2", values: [row] });
    checkCallsWrite({ range: "CALLS!A1:G1", values: [[...CALL_COLUMNS]] }, { creatingTab: true });
  });

  for (const [why, write, options] of [
    ["the header row of an existing tab", { range: "CALLS!A1:G1", values: [[...CALL_COLUMNS]] }, {}],
    [
      "another header row",
      { range: "CALLS!A1:G1", values: [["a", "b", "c", "d", "e", "f", "g"]] },
      { creatingTab: true },
    ],
    ["the operators' columns beyond G", { range: "CALLS!A2:H2", values: [[...row, "x"]] }, {}],
    ["part of a row", { range: "CALLS!B2:G2", values: [row.slice(1)] }, {}],
    ["two rows in one range", { range: "CALLS!A2:G3", values: [row, row] }, {}],
    ["a row whose end is another row", { range: "CALLS!A2:G3", values: [row] }, {}],
    ["another tab", { range: "SCHEDULE!A2:G2", values: [row] }, {}],
    [
      "a state that is none of the four",
      { range: "CALLS!A2:G2", values: [[...row.slice(0, 6), "started"]] },
      {},
    ],
    ["six cells", { range: "CALLS!A2:G2", values: [row.slice(0, 6)] }, {}],
    ["a formula entered", { range: "CALLS!A2:G2", values: [row], input: "user-entered" }, {}],
  ] as const) {
    test(`refused before any request: ${why}`, () => {
      assert.throws(
        () => checkCallsWrite(write as never, options),
        (error: { code?: string }) => error.code === "internal_error",
      );
    });
  }
});

for (const makeBackend of SPREADSHEET_BACKENDS) {
  describe(`the CALLS tab created when missing, as ATTENDANCE is (${makeBackend.name})`, () => {
    let backend: SpreadsheetBackend;
    let t: TestApp;
    const sync = () =>
      t.client.request("POST", "/v3/days/open-sat/facilities/Hall%20A/syncs", {
        headers: { "x-sync-secret": SYNC_SECRET },
      });
    before(async () => {
      backend = await makeBackend.start();
      const registry = sampleRegistry();
      if (backend.fake)
        Object.assign(registry.events["open-2026"].days["open-sat"], { matchesSheetName: "SCHEDULE" });
      t = await startTestApp({
        spreadsheets: backend.spreadsheets,
        registry,
        env: { ARCHIVE_MIN_INTERVAL_MS: "0" },
      });
    });
    after(async () => {
      await t.close();
      await backend.close();
    });

    test("a sync of a workbook without one makes it, its header row alone; the next sync reads it in its one request and publishes it", async () => {
      const { CALLS: _calls, ...withoutCalls } = scheduleWorkbook();
      await backend.seed(HALL_A, withoutCalls);
      assert.equal((await sync()).status, 200);
      assert.deepEqual(await callRows(backend), [CALLS_HEADER]);
      backend.fake?.resetLog();
      const next = await sync();
      assert.equal(next.status, 200);
      const hall = next.json().snapshot.facilities.find((f: { name: string }) => f.name === "Hall A");
      assert.equal(hall.callsCsv, `${CALL_COLUMNS.join(",")}\n`);
      if (backend.fake)
        assert.deepEqual(
          backend.fake.requests.map((r) => `${r.method} ${r.path}`),
          [`GET /v4/spreadsheets/${HALL_A}/values:batchGet`],
        );
    });
  });
}

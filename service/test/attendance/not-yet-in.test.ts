import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { toStoredFormula } from "../../src/adapters/xlsx-workbooks/formula-text.ts";
import { NOT_YET_IN_FORMULA } from "../../src/features/attendance/write-allowlist.ts";
import { SPREADSHEET_BACKENDS, type SpreadsheetBackend } from "../support/backends.ts";
import { type AttendanceApp, markPath, startAttendanceApp } from "./harness.ts";

const RECONCILE = "/v3/days/open-sat/attendance/reconciliations";

// The local workbooks evaluate formulas as Sheets does, so the list itself can be read back there.
describe("the 'not yet in' list of a tab the service creates (local workbooks, evaluated)", () => {
  let backend: SpreadsheetBackend;
  let t: AttendanceApp;
  const notYetIn = async () =>
    ((await backend.tab("open-hall-b", "ATTENDANCE")) ?? []).slice(1).map((row) => row[9] ?? "");

  before(async () => {
    backend = await SPREADSHEET_BACKENDS.find((b) => b.name === "local")!.start();
    t = await startAttendanceApp(backend.adapter());
    await backend.seed("open-hall-b", {
      STANDINGSCSV: [
        ["Team Code", "Player"],
        ["MS_1", "Ana Cruz"],
        ["MS_2", "Ben Lim"],
      ],
    });
  });
  after(async () => {
    await t.close();
    await backend.close();
  });

  test("lists who is neither in nor withdrawn, and shows an empty list once everyone is in, not #N/A", async () => {
    assert.equal(
      (await t.client.request("POST", RECONCILE, { headers: t.operator, body: { facility: "Hall B" } }))
        .status,
      200,
    );
    // The IFNA(FILTER(…),"") list, stored as an .xlsx file stores it (Excel's prefixes, closed ranges).
    assert.equal(
      (await backend.cell("open-hall-b", "ATTENDANCE", "J2")).formula,
      toStoredFormula(NOT_YET_IN_FORMULA, "ATTENDANCE", () => 999),
    );
    assert.deepEqual(await notYetIn(), ["Ana Cruz", "Ben Lim"]);
    for (const key of ["ana cruz", "ben lim"]) {
      const res = await t.client.request("PUT", markPath(key, "Hall%20B"), {
        headers: t.operator,
        body: { present: true },
      });
      assert.equal(res.status, 200);
    }
    assert.deepEqual(await notYetIn(), ["", ""]);
    assert.ok(!(await notYetIn()).includes("#N/A"));
  });
});

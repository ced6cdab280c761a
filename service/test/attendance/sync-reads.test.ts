import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CALL_COLUMNS } from "../../src/shared/call-columns.ts";
import type { SheetsApiFake } from "../fakes/sheets-api-fake.ts";
import { SPREADSHEET_BACKENDS, type SpreadsheetBackend } from "../support/backends.ts";
import { type AttendanceApp, HEADER, startAttendanceApp } from "./harness.ts";

const SYNC = "/v3/days/open-sat/facilities/Hall%20A/syncs";

// The service account's 60 reads a minute serve every workbook: a sync costs one read of its
// facility (its CALLS tab with the rest), the post-sync attendance hook included.
describe("one workbook read per facility per sync, the attendance hook included (Sheets API fake)", () => {
  let backend: SpreadsheetBackend;
  let fake: SheetsApiFake;
  let t: AttendanceApp;
  const sync = () => t.client.request("POST", SYNC, { headers: t.operator });
  const rangesRead = () =>
    fake.requests.flatMap((r) => (r.path.endsWith("/values:batchGet") ? r.query.getAll("ranges") : []));

  before(async () => {
    backend = await SPREADSHEET_BACKENDS.find((b) => b.name === "sheets-fake")!.start();
    fake = backend.fake as SheetsApiFake;
    t = await startAttendanceApp(backend.adapter());
    await backend.seed("open-hall-a", {
      CSV: [["matchNumber"], [1]],
      STANDINGSCSV: [
        ["Team Code", "Player"],
        ["MS_1", "Ana Cruz"],
      ],
      ATTENDANCE: [HEADER, ["ana cruz", "Ana Cruz", "MS_1", "MS", false, "", false]],
      CALLS: [[...CALL_COLUMNS]],
    });
  });
  after(async () => {
    await t.close();
    await backend.close();
  });

  test("the hook takes the roster from the sync's read: STANDINGSCSV is read once", async () => {
    fake.resetLog();
    assert.equal((await sync()).status, 200);
    assert.deepEqual(rangesRead(), ["'CSV'", "'STANDINGSCSV'", "'CALLS'", "'ATTENDANCE'"]);
  });

  test("with the roster unchanged since, a sync costs exactly one request", async () => {
    fake.resetLog();
    assert.equal((await sync()).status, 200);
    assert.deepEqual(
      fake.requests.map((r) => `${r.method} ${r.path}`),
      ["GET /v4/spreadsheets/open-hall-a/values:batchGet"],
    );
  });
});

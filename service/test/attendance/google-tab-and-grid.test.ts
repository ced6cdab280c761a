import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import pino from "pino";
import { NOT_YET_IN_FORMULA, NOT_YET_IN_HEADER } from "../../src/features/attendance/write-allowlist.ts";
import type { SheetsApiFake } from "../fakes/sheets-api-fake.ts";
import type { SeedCell } from "../fakes/sheets-workbook-model.ts";
import { SPREADSHEET_BACKENDS, type SpreadsheetBackend } from "../support/backends.ts";
import { type AttendanceApp, HEADER, markPath, PEOPLE, startAttendanceApp } from "./harness.ts";

const RECONCILE = "/v3/days/open-sat/attendance/reconciliations";
const STANDINGS: SeedCell[][] = [
  ["Team Code", "Player"],
  ["MS_1", "Ana Cruz"],
  ["MS_2", "Ben Lim"],
  ["MS_3", "Cy Go"],
];
const PEOPLE_ROWS: SeedCell[][] = [
  ["ana cruz", "Ana Cruz", "MS_1", "MS", false, "", false],
  ["ben lim", "Ben Lim", "MS_2", "MS", false, "", false],
  ["cy go", "Cy Go", "MS_3", "MS", false, "", false],
];
const ALWAYS = 99;

/** The kinds of request in each `spreadsheets.batchUpdate` the fake received. */
const batchKinds = (fake: SheetsApiFake) =>
  fake.requests
    .filter((r) => /^\/v4\/spreadsheets\/[^/]+:batchUpdate$/.test(r.path))
    .map((r) => ((r.body as { requests?: object[] })?.requests ?? []).map((q) => Object.keys(q)[0]));

describe("the ATTENDANCE tab over the Google Sheets adapter and the Sheets API fake", () => {
  let backend: SpreadsheetBackend;
  let fake: SheetsApiFake;
  let t: AttendanceApp;
  const warnings: string[] = [];
  const post = (path: string, body?: unknown) =>
    t.client.request("POST", path, { headers: t.operator, body });
  const mark = (key: string) =>
    t.client.request("PUT", markPath(key), { headers: t.operator, body: { present: true } });

  before(async () => {
    backend = await SPREADSHEET_BACKENDS.find((b) => b.name === "sheets-fake")!.start();
    fake = backend.fake as SheetsApiFake;
    // The messages the service logs as warnings.
    const logger = pino(
      { level: "warn" },
      {
        write: (line: string) => {
          const entry = JSON.parse(line) as { level: number; msg: string };
          if (entry.level === pino.levels.values.warn) warnings.push(entry.msg);
        },
      },
    );
    t = await startAttendanceApp(backend.adapter(), { logger });
  });
  after(async () => {
    await t.close();
    await backend.close();
  });
  beforeEach(() => {
    warnings.length = 0;
    fake.resetLog();
  });

  describe("scenario A: the tab is created whole in one call, or not at all", () => {
    test("header, rows and the J1/J2 'not yet in' list go in one spreadsheets.batchUpdate (addSheet + updateCells)", async () => {
      fake.setWorkbook("open-hall-a", { STANDINGSCSV: STANDINGS });
      const res = await post(RECONCILE, { facility: "Hall A" });
      assert.equal(res.status, 200);
      assert.equal(res.json().facilities[0].created, true);
      const kinds = batchKinds(fake);
      assert.equal(kinds.length, 1, "one batchUpdate");
      assert.deepEqual([...new Set(kinds[0])], ["addSheet", "updateCells"]);
      assert.equal(fake.count("values:batchUpdate"), 0);
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.deepEqual(rows?.[0]?.slice(0, 7), HEADER);
      assert.deepEqual(
        rows?.slice(1).map((r) => r[0]),
        ["ana cruz", "ben lim", "cy go"],
      );
      assert.equal(rows?.[0]?.[9], NOT_YET_IN_HEADER);
      assert.equal((await backend.cell("open-hall-a", "ATTENDANCE", "J2")).formula, NOT_YET_IN_FORMULA);
    });

    for (const failure of [
      {
        name: "a 500 on every try",
        inject: () => fake.failNext({ status: 500, path: ":batchUpdate", times: ALWAYS }),
      },
      { name: "429 twice", inject: () => fake.failNext({ status: 429, path: ":batchUpdate", times: 2 }) },
    ]) {
      test(`${failure.name} on the creating call leaves no tab; the next reconciliation creates it whole, and lists and marks work`, async () => {
        fake.setWorkbook("open-hall-a", { STANDINGSCSV: STANDINGS });
        failure.inject();
        const failed = await post(RECONCILE, { facility: "Hall A" });
        assert.ok([502, 503].includes(failed.status), `answered ${failed.status}`);
        assert.equal(fake.tab("open-hall-a", "ATTENDANCE"), undefined, "no half-made tab");
        fake.resetLog();

        const again = await post(RECONCILE, { facility: "Hall A" });
        assert.equal(again.status, 200);
        assert.equal(again.json().facilities[0].created, true);
        const list = await t.client.request("GET", PEOPLE, { headers: t.operator });
        assert.equal(list.status, 200, "never 409 attendance_layout");
        assert.equal(list.json().length, 3);
        assert.equal((await mark("ben lim")).status, 200);
        assert.equal((await backend.cell("open-hall-a", "ATTENDANCE", "J2")).formula, NOT_YET_IN_FORMULA);
      });
    }
  });

  describe("scenario B: a write past the grid's edge grows the grid in the same batchUpdate", () => {
    test("a mark on a tab exactly 7 columns wide claims H: appendDimension and the cells in one batchUpdate", async () => {
      fake.setWorkbook(
        "open-hall-a",
        { STANDINGSCSV: STANDINGS, ATTENDANCE: [HEADER as SeedCell[], ...PEOPLE_ROWS] },
        {},
        { ATTENDANCE: { rows: 4, columns: 7 } },
      );
      const res = await mark("ben lim");
      assert.equal(res.status, 200);
      assert.deepEqual(batchKinds(fake), [["appendDimension", "updateCells", "updateCells", "updateCells"]]);
      assert.equal(fake.tab("open-hall-a", "ATTENDANCE")?.columnCount, 8);
      assert.equal(fake.cell("open-hall-a", "ATTENDANCE", 2, 4)?.value, true);
      assert.equal(fake.cell("open-hall-a", "ATTENDANCE", 0, 7)?.value, "markedBy");
      assert.match(String(fake.cell("open-hall-a", "ATTENDANCE", 2, 7)?.value), /^In · Operator console · /);
    });

    test("a roster update below a full grid adds its rows, the grid growing by as many", async () => {
      fake.setWorkbook(
        "open-hall-a",
        {
          STANDINGSCSV: [...STANDINGS, ["MS_4", "Di Uy"], ["MS_5", "Ed Ong"]],
          ATTENDANCE: [HEADER as SeedCell[], ...PEOPLE_ROWS],
        },
        {},
        { ATTENDANCE: { rows: 4, columns: 7 } },
      );
      const res = await post(RECONCILE, { facility: "Hall A" });
      assert.equal(res.status, 200);
      assert.equal(res.json().facilities[0].added, 2);
      assert.equal(fake.tab("open-hall-a", "ATTENDANCE")?.rowCount, 6);
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.deepEqual(
        rows?.slice(4).map((r) => r[0]),
        ["di uy", "ed ong"],
      );
    });

    test("the post-sync hook on a full grid adds its rows too, where it used to fail without a word", async () => {
      fake.setWorkbook(
        "open-hall-a",
        {
          CSV: [["matchNumber"], [1]],
          STANDINGSCSV: [...STANDINGS, ["MS_4", "Di Uy"]],
          ATTENDANCE: [HEADER as SeedCell[], ...PEOPLE_ROWS],
        },
        {},
        { ATTENDANCE: { rows: 4, columns: 7 } },
      );
      const sync = await post("/v3/days/open-sat/facilities/Hall%20A/syncs");
      assert.equal(sync.status, 200);
      assert.deepEqual(warnings, []);
      assert.equal((await backend.tab("open-hall-a", "ATTENDANCE"))?.[4]?.[0], "di uy");
    });

    test("when no column can be made (the workbook at Google's 10 million cell limit), the mark follows markedBy rule 3", async () => {
      // 9,990,000 cells in another tab and 9,996 in ATTENDANCE: one more column would pass the limit.
      fake.setWorkbook(
        "open-hall-a",
        { STANDINGSCSV: STANDINGS, Archive: [["old"]], ATTENDANCE: [HEADER as SeedCell[], ...PEOPLE_ROWS] },
        {},
        { Archive: { rows: 10_000, columns: 999 }, ATTENDANCE: { rows: 1_428, columns: 7 } },
      );
      const res = await mark("cy go");
      assert.equal(res.status, 200);
      assert.equal(res.json().present, true);
      assert.equal(fake.cell("open-hall-a", "ATTENDANCE", 3, 4)?.value, true);
      assert.equal(fake.tab("open-hall-a", "ATTENDANCE")?.columnCount, 7);
      assert.equal(fake.cell("open-hall-a", "ATTENDANCE", 0, 7), undefined);
      assert.deepEqual(warnings, [
        "no column H can be added for markedBy; the mark is written without markedBy",
      ]);
    });
  });
});

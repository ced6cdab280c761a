import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { parse } from "csv-parse/sync";
import { cellName } from "../../src/shared/a1.ts";
import { AppError } from "../../src/shared/errors.ts";
import { type SeedCell, SPREADSHEET_BACKENDS, type SpreadsheetBackend } from "../support/backends.ts";

const ID = "facility-court-a";

/** One facility workbook: a schedule, tabs computed from it, a tab name with a space. */
const FACILITY: Record<string, SeedCell[][]> = {
  SCHEDULE: [
    ["matchNumber", "teamCode1", "teamCode2", "team1Score", "team2Score"],
    [1, "MD_1", "MD_2", 21, 15],
    [2, "WD_1", "WD_2", null, null],
  ],
  CSV: [
    ["matchNumber", "total"],
    [
      { formula: "=SCHEDULE!A2", value: 1 },
      { formula: "=SCHEDULE!D2+SCHEDULE!E2", value: 36 },
    ],
  ],
  STANDINGSCSV: [
    ["Team Code", "Player", "Won"],
    ["MD_1", "Ana Cruz / Ben Ong", true],
    ["MD_2", "Carl Dy", false],
  ],
  "Desk Notes": [["a", null, "c"], ["y"]],
};

const rejectsWith = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.catch((e: unknown) => e);
  assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
  assert.equal(error.code, code);
};

for (const adapter of SPREADSHEET_BACKENDS) {
  describe(`spreadsheets contract: ${adapter.name}`, () => {
    let it: SpreadsheetBackend;
    before(async () => {
      it = await adapter.start();
    });
    after(() => it.close());
    beforeEach(() => it.seed(ID, FACILITY));

    describe("reading tabs", () => {
      test("formatted values are the displayed text; empty cells inside a row read as empty strings", async () => {
        const tabs = await it.spreadsheets.readTabs(
          ID,
          ["SCHEDULE", "CSV", "STANDINGSCSV", "Desk Notes"],
          "formatted",
        );
        assert.deepEqual(tabs.get("SCHEDULE"), [
          ["matchNumber", "teamCode1", "teamCode2", "team1Score", "team2Score"],
          ["1", "MD_1", "MD_2", "21", "15"],
          ["2", "WD_1", "WD_2"],
        ]);
        assert.deepEqual(tabs.get("CSV"), [
          ["matchNumber", "total"],
          ["1", "36"],
        ]);
        assert.deepEqual(tabs.get("STANDINGSCSV")?.[1], ["MD_1", "Ana Cruz / Ben Ong", "TRUE"]);
        assert.deepEqual(tabs.get("Desk Notes"), [["a", "", "c"], ["y"]]);
      });

      test("a blank row inside a tab reads as an empty row", async () => {
        await it.seed("facility-with-gap", { Teams: [["Team Code"], [], ["A_1"]] });
        const tabs = await it.spreadsheets.readTabs("facility-with-gap", ["Teams"], "formatted");
        assert.deepEqual(tabs.get("Teams"), [["Team Code"], [], ["A_1"]]);
      });

      test("unformatted values keep numbers and booleans", async () => {
        const tabs = await it.spreadsheets.readTabs(ID, ["CSV", "STANDINGSCSV"], "unformatted");
        assert.deepEqual(tabs.get("CSV"), [
          ["matchNumber", "total"],
          [1, 36],
        ]);
        assert.deepEqual(tabs.get("STANDINGSCSV")?.slice(1), [
          ["MD_1", "Ana Cruz / Ben Ong", true],
          ["MD_2", "Carl Dy", false],
        ]);
      });

      test("formula rendering shows a formula cell as its formula text and other cells as values", async () => {
        const tabs = await it.spreadsheets.readTabs(ID, ["CSV", "SCHEDULE"], "formula");
        assert.deepEqual(tabs.get("CSV"), [
          ["matchNumber", "total"],
          ["=SCHEDULE!A2", "=SCHEDULE!D2+SCHEDULE!E2"],
        ]);
        assert.deepEqual(tabs.get("SCHEDULE")?.[1], [1, "MD_1", "MD_2", 21, 15]);
      });

      test("a tab the workbook does not have reads as undefined beside the ones it has", async () => {
        const tabs = await it.spreadsheets.readTabs(ID, ["CSV", "Teams", "STANDINGSCSV"], "formatted");
        assert.deepEqual([...tabs.keys()], ["CSV", "Teams", "STANDINGSCSV"]);
        assert.equal(tabs.get("Teams"), undefined);
        assert.equal(tabs.get("CSV")?.length, 2);
        assert.equal(tabs.get("STANDINGSCSV")?.length, 3);
      });

      test("only missing tabs read as undefined each", async () => {
        const tabs = await it.spreadsheets.readTabs(ID, ["Teams", "ATTENDANCE"], "formatted");
        assert.deepEqual(
          [...tabs.entries()],
          [
            ["Teams", undefined],
            ["ATTENDANCE", undefined],
          ],
        );
      });

      test("tab titles are listed in workbook order", async () => {
        const tabs = await it.spreadsheets.listTabs(ID);
        assert.deepEqual(tabs, ["SCHEDULE", "CSV", "STANDINGSCSV", "Desk Notes"]);
      });

      test("an unknown workbook is not_found", async () => {
        await rejectsWith(it.spreadsheets.readTabs("no-such-workbook", ["CSV"], "formatted"), "not_found");
        await rejectsWith(it.spreadsheets.listTabs("no-such-workbook"), "not_found");
      });
    });

    describe("writing ranges (RAW)", () => {
      test("written values read back; null skips a cell and an empty string clears it", async () => {
        await it.spreadsheets.writeRanges(ID, [
          { range: "SCHEDULE!D3:E3", values: [[19, 21]] },
          { range: "SCHEDULE!B2:C2", values: [[null, ""]] },
        ]);
        const tabs = await it.spreadsheets.readTabs(ID, ["SCHEDULE"], "unformatted");
        assert.deepEqual(tabs.get("SCHEDULE")?.slice(1), [
          [1, "MD_1", "", 21, 15],
          [2, "WD_1", "WD_2", 19, 21],
        ]);
      });

      test("a text starting with = is stored as text, not as a formula", async () => {
        await it.spreadsheets.writeRanges(ID, [{ range: "'Desk Notes'!B1", values: [["=1+1"]] }]);
        const formatted = await it.spreadsheets.readTabs(ID, ["Desk Notes"], "formatted");
        assert.deepEqual(formatted.get("Desk Notes")?.[0], ["a", "=1+1", "c"]);
      });

      test("booleans and numbers are written with their type", async () => {
        await it.spreadsheets.writeRanges(ID, [{ range: "STANDINGSCSV!C3:D3", values: [[true, 2.5]] }]);
        const tabs = await it.spreadsheets.readTabs(ID, ["STANDINGSCSV"], "unformatted");
        assert.deepEqual(tabs.get("STANDINGSCSV")?.[2], ["MD_2", "Carl Dy", true, 2.5]);
      });

      test("a write to a missing tab fails as upstream_failure and writes nothing of the batch", async () => {
        const writes = [
          { range: "SCHEDULE!D3", values: [[7]] },
          { range: "ATTENDANCE!A1", values: [["key"]] },
        ];
        await rejectsWith(it.spreadsheets.writeRanges(ID, writes), "upstream_failure");
        const tabs = await it.spreadsheets.readTabs(ID, ["SCHEDULE"], "formatted");
        assert.deepEqual(tabs.get("SCHEDULE")?.[2], ["2", "WD_1", "WD_2"]);
      });

      test("values that do not fit their range fail as upstream_failure", async () => {
        await rejectsWith(
          it.spreadsheets.writeRanges(ID, [{ range: "SCHEDULE!D3:E3", values: [[1, 2, 3]] }]),
          "upstream_failure",
        );
      });
    });

    describe("writing past a tab's grid", () => {
      test("a write below and right of a tab exactly as large as its data lands (the grid grows)", async () => {
        await it.seed(
          "trimmed",
          {
            ATTENDANCE: [
              ["key", "player"],
              ["ana cruz", "Ana"],
            ],
          },
          { ATTENDANCE: { rows: 2, columns: 2 } },
        );
        await it.spreadsheets.writeRanges("trimmed", [
          { range: "ATTENDANCE!A3:B3", values: [["ben lim", "Ben"]] },
          { range: "ATTENDANCE!H1", values: [["markedBy"]] },
        ]);
        const tabs = await it.spreadsheets.readTabs("trimmed", ["ATTENDANCE"], "formatted");
        assert.deepEqual(tabs.get("ATTENDANCE"), [
          ["key", "player", "", "", "", "", "", "markedBy"],
          ["ana cruz", "Ana"],
          ["ben lim", "Ben"],
        ]);
      });
    });

    describe("reading a tab for an update, then writing cells with notes", () => {
      test("one read gives formulas and values; the cells and notes go to the tab it found", async () => {
        const read = await it.spreadsheets.readTabForUpdate(ID, "SCHEDULE");
        assert.ok(read);
        assert.deepEqual(read.formulas[1], [1, "MD_1", "MD_2", 21, 15]);
        assert.deepEqual(read.values[2], [2, "WD_1", "WD_2"]);
        assert.equal(read.tab.title, "SCHEDULE");
        const csv = await it.spreadsheets.readTabForUpdate(ID, "CSV");
        assert.deepEqual(csv?.formulas[1], ["=SCHEDULE!A2", "=SCHEDULE!D2+SCHEDULE!E2"]);
        assert.deepEqual(csv?.values[1], [1, 36]);

        const note = "Court desk · 2025-03-01 10:15";
        await it.spreadsheets.writeCellsWithNotes(ID, read.tab, [
          { row: 2, column: 3, value: 21, note },
          { row: 2, column: 4, value: 11, note },
        ]);
        const tabs = await it.spreadsheets.readTabs(ID, ["SCHEDULE"], "unformatted");
        assert.deepEqual(tabs.get("SCHEDULE")?.[2], [2, "WD_1", "WD_2", 21, 11]);
        assert.equal((await it.cell(ID, "SCHEDULE", cellName(2, 3))).note, note);
        assert.equal((await it.cell(ID, "SCHEDULE", cellName(2, 4))).note, note);
        const again = await it.spreadsheets.readTabForUpdate(ID, "SCHEDULE");
        assert.deepEqual(
          [again?.notes[2]?.[3], again?.notes[2]?.[4], again?.notes[1]?.[3] ?? ""],
          [note, note, ""],
          'the read gives each cell\'s note, "" where none',
        );
      });

      test("a null value clears the cell and an empty note removes the note", async () => {
        const read = await it.spreadsheets.readTabForUpdate(ID, "SCHEDULE");
        assert.ok(read);
        await it.spreadsheets.writeCellsWithNotes(ID, read.tab, [
          { row: 1, column: 3, value: 5, note: "first" },
        ]);
        await it.spreadsheets.writeCellsWithNotes(ID, read.tab, [
          { row: 1, column: 3, value: null, note: "" },
        ]);
        const tabs = await it.spreadsheets.readTabs(ID, ["SCHEDULE"], "formatted");
        assert.deepEqual(tabs.get("SCHEDULE")?.[1], ["1", "MD_1", "MD_2", "", "15"]);
        assert.equal((await it.cell(ID, "SCHEDULE", cellName(1, 3))).note, undefined);
      });

      test("a tab the workbook does not have reads as undefined", async () => {
        assert.equal(await it.spreadsheets.readTabForUpdate(ID, "NOPE"), undefined);
        await rejectsWith(it.spreadsheets.readTabForUpdate("no-such-workbook", "SCHEDULE"), "not_found");
      });
    });

    describe("creating a tab with its content", () => {
      test("the new tab is listed last with all its content, the formula entered as typed", async () => {
        await it.spreadsheets.createTab(ID, "ATTENDANCE", [
          {
            range: "ATTENDANCE!A1:B2",
            values: [
              ["key", "player"],
              ["ana cruz", "Ana Cruz"],
            ],
          },
          { range: "ATTENDANCE!J1:J2", values: [["count"], ["=ROWS(A1:A2)"]], input: "user-entered" },
        ]);
        assert.deepEqual((await it.spreadsheets.listTabs(ID)).at(-1), "ATTENDANCE");
        const formulas = await it.spreadsheets.readTabs(ID, ["ATTENDANCE"], "formula");
        assert.deepEqual(formulas.get("ATTENDANCE")?.[1]?.slice(0, 2), ["ana cruz", "Ana Cruz"]);
        assert.deepEqual(formulas.get("ATTENDANCE")?.[1]?.[9], "=ROWS(A1:A2)");
        assert.deepEqual(formulas.get("ATTENDANCE")?.[0]?.[9], "count");
      });

      test("a title that exists fails as upstream_failure and changes nothing", async () => {
        await rejectsWith(
          it.spreadsheets.createTab(ID, "csv", [{ range: "csv!A1", values: [["x"]] }]),
          "upstream_failure",
        );
        assert.deepEqual(await it.spreadsheets.listTabs(ID), [
          "SCHEDULE",
          "CSV",
          "STANDINGSCSV",
          "Desk Notes",
        ]);
      });
    });

    describe("CSV export", () => {
      const rowsOf = (csv: string | undefined): string[][] =>
        (parse(csv ?? "", { relax_column_count: true }) as string[][]).map((row) => {
          const trimmed = [...row];
          while (trimmed.length > 0 && trimmed.at(-1) === "") trimmed.pop();
          return trimmed;
        });

      test("a tab exports as CSV of its displayed values", async () => {
        const csv = await it.spreadsheets.exportCsv(ID, ["STANDINGSCSV", "CSV"]);
        assert.deepEqual(rowsOf(csv.get("STANDINGSCSV")), [
          ["Team Code", "Player", "Won"],
          ["MD_1", "Ana Cruz / Ben Ong", "TRUE"],
          ["MD_2", "Carl Dy", "FALSE"],
        ]);
        assert.deepEqual(rowsOf(csv.get("CSV")), [
          ["matchNumber", "total"],
          ["1", "36"],
        ]);
      });

      test("a missing tab exports as undefined", async () => {
        assert.equal((await it.spreadsheets.exportCsv(ID, ["Teams"])).get("Teams"), undefined);
      });
    });
  });
}

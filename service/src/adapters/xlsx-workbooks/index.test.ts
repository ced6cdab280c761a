import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import ExcelJS from "exceljs";
import { readWorkbookCell, writeWorkbook } from "../../../test/support/workbooks.ts";
import { AppError } from "../../shared/errors.ts";
import { createXlsxWorkbooks, type XlsxWorkbooks } from "./index.ts";

let dir: string;
let sheets: XlsxWorkbooks;

describe("the local workbooks adapter", () => {
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "xlsx-workbooks-"));
    sheets = createXlsxWorkbooks({ dir });
  });
  after(async () => {
    sheets.close();
    await rm(dir, { recursive: true, force: true });
  });

  const code = (expected: string) => (error: unknown) => error instanceof AppError && error.code === expected;

  describe("reads follow the Sheets API's value render options", () => {
    before(() =>
      writeWorkbook(dir, "reads", {
        DATA: [
          ["name", "score", "present", "ratio", null, "sum"],
          ["Ann", 21, true, 0.5, null, "=B2+B3"],
          [],
          ["Bob", 15, false],
        ],
        OTHER: [["x"]],
      }),
    );

    it("formatted: strings as displayed, TRUE/FALSE, whole numbers without decimals, inner empties as empty text", async () => {
      const tabs = await sheets.readTabs("reads", ["DATA"], "formatted");
      assert.deepEqual(tabs.get("DATA"), [
        ["name", "score", "present", "ratio", "", "sum"],
        ["Ann", "21", "TRUE", "0.5", "", "21"],
        [],
        ["Bob", "15", "FALSE"],
      ]);
    });

    it("unformatted: numbers and booleans keep their type", async () => {
      const tabs = await sheets.readTabs("reads", ["DATA"], "unformatted");
      assert.deepEqual(tabs.get("DATA")?.[1], ["Ann", 21, true, 0.5, "", 21]);
    });

    it("formula: a formula cell reads as its formula text, others as unformatted", async () => {
      const tabs = await sheets.readTabs("reads", ["DATA"], "formula");
      assert.deepEqual(tabs.get("DATA")?.[1], ["Ann", 21, true, 0.5, "", "=B2+B3"]);
    });

    it("a tab the workbook does not have maps to undefined", async () => {
      const tabs = await sheets.readTabs("reads", ["OTHER", "MISSING"], "formatted");
      assert.deepEqual(tabs.get("OTHER"), [["x"]]);
      assert.equal(tabs.has("MISSING"), true);
      assert.equal(tabs.get("MISSING"), undefined);
    });

    it("listTabs gives the tab titles in order", async () => {
      assert.deepEqual(await sheets.listTabs("reads"), ["DATA", "OTHER"]);
    });

    it("a missing workbook is not_found, and so is an id that is not a plain file name", async () => {
      await assert.rejects(sheets.readTabs("nope", ["DATA"], "formatted"), code("not_found"));
      for (const id of ["../reads", "a/b", "a\\b", "..", "x\u0000y", ""]) {
        await assert.rejects(sheets.listTabs(id), code("not_found"));
      }
    });

    it("dates and numbers show per the cell's number format", async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("TIMES");
      sheet.getCell("A1").value = new Date(Date.UTC(2025, 2, 7, 14, 5));
      sheet.getCell("A1").numFmt = "d mmm yyyy h:mm AM/PM";
      // exceljs gives a date without a format its default one, mm-dd-yy.
      sheet.getCell("B1").value = new Date(Date.UTC(2025, 2, 7, 14, 5));
      sheet.getCell("C1").value = 1234.5;
      sheet.getCell("C1").numFmt = "#,##0.00";
      await workbook.xlsx.writeFile(join(dir, "times.xlsx"));
      const rows = (await sheets.readTabs("times", ["TIMES"], "formatted")).get("TIMES");
      assert.deepEqual(rows, [["7 Mar 2025 2:05 PM", "03-07-25", "1,234.50"]]);
    });
  });

  describe("writes are RAW, all or nothing, atomic and serialised per file", () => {
    before(() =>
      writeWorkbook(dir, "writes", { SCHEDULE: [["matchNumber", "a", "b"], [1]], "My Tab": [["x"]] }),
    );

    it("writeRanges writes raw values; a string starting with = stays text", async () => {
      await sheets.writeRanges("writes", [
        { range: "SCHEDULE!B2:C2", values: [["=1+1", 7]] },
        { range: "'My Tab'!A2", values: [[true, "y"]] },
      ]);
      const tabs = await sheets.readTabs("writes", ["SCHEDULE", "My Tab"], "formula");
      assert.deepEqual(tabs.get("SCHEDULE")?.[1], [1, "=1+1", 7]);
      assert.deepEqual(tabs.get("My Tab"), [["x"], [true, "y"]]);
      const stored = await readWorkbookCell(dir, "writes", "SCHEDULE", "B2");
      assert.deepEqual([stored.value, stored.formula], ["=1+1", undefined]);
    });

    it("null skips a cell and an empty string clears it", async () => {
      await sheets.writeRanges("writes", [{ range: "SCHEDULE!A2:C2", values: [[null, "", 8]] }]);
      const rows = (await sheets.readTabs("writes", ["SCHEDULE"], "unformatted")).get("SCHEDULE");
      assert.deepEqual(rows?.[1], [1, "", 8]);
    });

    it("a write to a missing tab or past its range changes nothing", async () => {
      const before = await readWorkbookCell(dir, "writes", "SCHEDULE", "C2");
      await assert.rejects(
        sheets.writeRanges("writes", [
          { range: "SCHEDULE!C2", values: [[99]] },
          { range: "NOPE!A1", values: [[1]] },
        ]),
        code("upstream_failure"),
      );
      await assert.rejects(
        sheets.writeRanges("writes", [{ range: "SCHEDULE!C2:C2", values: [[99, 100]] }]),
        code("upstream_failure"),
      );
      assert.deepEqual(await readWorkbookCell(dir, "writes", "SCHEDULE", "C2"), before);
      await assert.rejects(sheets.writeRanges("nope", [{ range: "A!A1", values: [[1]] }]), code("not_found"));
    });

    it("writeCellsWithNotes writes the value and the note to the tab readTabForUpdate found", async () => {
      const read = await sheets.readTabForUpdate("writes", "SCHEDULE");
      assert.ok(read);
      await sheets.writeCellsWithNotes("writes", read.tab, [
        { row: 1, column: 3, value: 21, note: "entered by scorer" },
      ]);
      const cell = await readWorkbookCell(dir, "writes", "SCHEDULE", "D2");
      assert.deepEqual([cell.value, cell.note], [21, "entered by scorer"]);
    });

    it("50 concurrent writes to different cells of one file all land, and no temporary file is left", async () => {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          sheets.writeRanges("writes", [{ range: `SCHEDULE!E${i + 1}`, values: [[i]] }]),
        ),
      );
      const rows = (await sheets.readTabs("writes", ["SCHEDULE"], "unformatted")).get("SCHEDULE") ?? [];
      assert.deepEqual(
        rows.map((row) => row[4]),
        Array.from({ length: 50 }, (_, i) => i),
      );
      const other = createXlsxWorkbooks({ dir });
      const fresh = (await other.readTabs("writes", ["SCHEDULE"], "unformatted")).get("SCHEDULE") ?? [];
      other.close();
      assert.equal(fresh[49]?.[4], 49);
      assert.deepEqual(
        (await readdir(dir)).filter((name) => name.endsWith(".tmp")),
        [],
      );
    });

    it("createTab adds a tab with its content in one file write, whole or not at all", async () => {
      const unfit = [
        { range: "ATTENDANCE!A1:B1", values: [["key", "player"]] },
        { range: "ATTENDANCE!J2:J2", values: [["=1+1", "too wide"]], input: "user-entered" as const },
      ];
      await assert.rejects(sheets.createTab("writes", "ATTENDANCE", unfit), code("upstream_failure"));
      assert.deepEqual(await sheets.listTabs("writes"), ["SCHEDULE", "My Tab"]);
      await sheets.createTab("writes", "ATTENDANCE", [
        { range: "ATTENDANCE!A1:B1", values: [["key", "player"]] },
        { range: "ATTENDANCE!J2", values: [["=1+1"]], input: "user-entered" },
      ]);
      const other = createXlsxWorkbooks({ dir });
      assert.deepEqual((await other.readTabs("writes", ["ATTENDANCE"], "formatted")).get("ATTENDANCE"), [
        ["key", "player"],
        ["", "", "", "", "", "", "", "", "", "2"],
      ]);
      other.close();
      await assert.rejects(sheets.createTab("writes", "attendance", []), code("upstream_failure"));
    });
  });

  describe("a file edited by hand between two reads is re-read", () => {
    it("sees the new content", async () => {
      await writeWorkbook(dir, "hand", { T: [["before"]] });
      assert.deepEqual((await sheets.readTabs("hand", ["T"], "formatted")).get("T"), [["before"]]);
      await writeWorkbook(dir, "hand", { T: [["after", "=1+2"]] });
      assert.deepEqual((await sheets.readTabs("hand", ["T"], "formatted")).get("T"), [["after", "3"]]);
    });
  });

  describe("exportCsv", () => {
    it("gives the tab's formatted values as RFC 4180 CSV, undefined for a missing tab", async () => {
      await writeWorkbook(dir, "csv", {
        CSV: [
          ["a", "b,c", 'say "hi"'],
          [1, true],
          [null, null, "line\nbreak"],
        ],
      });
      const csv = await sheets.exportCsv("csv", ["CSV", "MISSING"]);
      assert.equal(csv.get("CSV"), 'a,"b,c","say ""hi"""\r\n1,TRUE,\r\n,,"line\nbreak"');
      assert.equal(csv.get("MISSING"), undefined);
    });
  });
});

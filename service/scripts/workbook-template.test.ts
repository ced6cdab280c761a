import assert from "node:assert/strict";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import ExcelJS from "exceljs";
import { createXlsxWorkbooks } from "../src/adapters/xlsx-workbooks/index.ts";
import { templateWorkbook } from "../src/demo/template.ts";
import { toCsv } from "../src/shared/csv.ts";
import { TEMPLATE_FILE } from "./workbook-template.ts";

/** Every tab of a workbook with every cell's formula (as `=…`) or value, by address. */
function cellsOf(workbook: ExcelJS.Workbook): Record<string, Record<string, unknown>> {
  const tabs: Record<string, Record<string, unknown>> = {};
  for (const sheet of workbook.worksheets) {
    const cells: Record<string, unknown> = {};
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        cells[cell.address] = cell.formula ? `=${cell.formula}` : cell.value;
      }),
    );
    tabs[sheet.name] = cells;
  }
  return tabs;
}

describe("the workbook template (docs/workbook-template.xlsx)", () => {
  test("the committed file has what `npm run -s workbook-template` makes: its tabs, headers and formulas", async () => {
    const committed = new ExcelJS.Workbook();
    await committed.xlsx.readFile(TEMPLATE_FILE);
    const made = cellsOf(templateWorkbook());
    assert.deepEqual(Object.keys(made), ["SCHEDULE", "CSV", "STANDINGSCSV", "Teams", "CALLS"]);
    assert.deepEqual(made.CALLS, {
      A1: "matchNumber",
      B1: "court",
      C1: "calledAt",
      D1: "startedAt",
      E1: "endedAt",
      F1: "calledBy",
      G1: "state",
    });
    assert.equal(made.CSV?.A200, '=IF(SCHEDULE!A200="","",SCHEDULE!A200)');
    assert.deepEqual(cellsOf(committed), made);
  });

  test("a workbook made from it publishes what is typed in SCHEDULE: matches, winners and standings", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tops-template-"));
    try {
      await copyFile(TEMPLATE_FILE, join(dir, "hall.xlsx"));
      const sheets = createXlsxWorkbooks({ dir });
      await sheets.writeRanges("hall", [
        {
          range: "SCHEDULE!A2:M3",
          values: [
            [
              101,
              "2026-11-28",
              "09:00",
              1,
              "MS",
              "R1",
              "MS_1",
              "Ana Cruz",
              "MS_2",
              "Ben Lim",
              21,
              15,
              "Ref A",
            ],
            [102, "2026-11-28", "09:30", 2, "MS", "R1", "MS_3", "Cy Tan", "MS_4", "Dan Go", null, null, null],
          ],
        },
        {
          range: "STANDINGSCSV!A2:C3",
          values: [
            ["MS_1", "Ana Cruz", "MS"],
            ["MS_2", "Ben Lim", "MS"],
          ],
        },
      ]);
      const tabs = await sheets.readTabs("hall", ["CSV", "STANDINGSCSV"], "formatted");
      sheets.close();
      const matches = toCsv(tabs.get("CSV") ?? [])
        .trimEnd()
        .split("\n");
      assert.equal(
        matches.length,
        3,
        "the header and the two matches; the 197 blank formula rows are not published",
      );
      assert.equal(matches[1], "101,2026-11-28,09:00,1,MS,R1,MS_1,Ana Cruz,MS_2,Ben Lim,21,15,Ref A");
      assert.equal(matches[2], "102,2026-11-28,09:30,2,MS,R1,MS_3,Cy Tan,MS_4,Dan Go,,,");
      assert.deepEqual(
        toCsv(tabs.get("STANDINGSCSV") ?? [])
          .trimEnd()
          .split("\n"),
        [
          "Team Code,Player,Category,Played,Won,Lost,Points For,Points Against",
          "MS_1,Ana Cruz,MS,1,1,0,21,15",
          "MS_2,Ben Lim,MS,1,0,1,15,21",
        ],
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

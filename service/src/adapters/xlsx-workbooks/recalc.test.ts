import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { readWorkbookCell, writeWorkbook } from "../../../test/support/workbooks.ts";
import { createXlsxWorkbooks, type XlsxWorkbooks } from "./index.ts";

let dir: string;
let sheets: XlsxWorkbooks;
const warnings: object[] = [];

describe("formulas recalculated in local workbooks", () => {
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "xlsx-recalc-"));
    sheets = createXlsxWorkbooks({ dir, logger: { warn: (obj) => warnings.push(obj) } });
  });
  after(async () => {
    sheets.close();
    await rm(dir, { recursive: true, force: true });
  });

  const row = (r: number) => [
    `=SCHEDULE!A${r}`,
    `=SCHEDULE!B${r}`,
    `=SCHEDULE!C${r}`,
    `=IF(SCHEDULE!D${r}="","",SCHEDULE!D${r})`,
    `=IF(SCHEDULE!E${r}="","",SCHEDULE!E${r})`,
  ];
  const standing = (team: string, r: number) => [
    team,
    `=COUNTIFS(SCHEDULE!B2:B,A${r},SCHEDULE!D2:D,"<>")+COUNTIFS(SCHEDULE!C2:C,A${r},SCHEDULE!D2:D,"<>")`,
    `=SUMIFS(SCHEDULE!D2:D,SCHEDULE!B2:B,A${r})+SUMIFS(SCHEDULE!E2:E,SCHEDULE!C2:C,A${r})`,
  ];

  describe("local workbooks recalculate like Google Sheets", () => {
    before(() =>
      writeWorkbook(dir, "facility", {
        SCHEDULE: [
          ["matchNumber", "teamCode1", "teamCode2", "team1Score", "team2Score"],
          [1, "MS_1", "MS_2", 21, 18],
          [2, "MS_1", "MS_3", null, null],
        ],
        CSV: [["matchNumber", "teamCode1", "teamCode2", "team1Score", "team2Score"], row(2), row(3)],
        STANDINGSCSV: [["teamCode", "played", "pointsFor"], standing("MS_1", 2), standing("MS_3", 3)],
      }),
    );

    it("after a score write, CSV and STANDINGSCSV read the new values", async () => {
      const before = await sheets.readTabs("facility", ["CSV", "STANDINGSCSV"], "formatted");
      assert.deepEqual(before.get("CSV")?.[2], ["2", "MS_1", "MS_3"]);
      assert.deepEqual(before.get("STANDINGSCSV"), [
        ["teamCode", "played", "pointsFor"],
        ["MS_1", "1", "21"],
        ["MS_3", "0", "0"],
      ]);
      await sheets.writeRanges("facility", [{ range: "SCHEDULE!D3:E3", values: [[15, 21]] }]);
      const after = await sheets.readTabs("facility", ["CSV", "STANDINGSCSV"], "formatted");
      assert.deepEqual(after.get("CSV")?.[2], ["2", "MS_1", "MS_3", "15", "21"]);
      assert.deepEqual(after.get("STANDINGSCSV"), [
        ["teamCode", "played", "pointsFor"],
        ["MS_1", "2", "36"],
        ["MS_3", "1", "21"],
      ]);
      assert.equal(
        (await sheets.exportCsv("facility", ["CSV"])).get("CSV"),
        [
          "matchNumber,teamCode1,teamCode2,team1Score,team2Score",
          "1,MS_1,MS_2,21,18",
          "2,MS_1,MS_3,15,21",
        ].join("\r\n"),
      );
    });

    it("the file keeps its formulas and stores the new cached results", async () => {
      const played = await readWorkbookCell(dir, "facility", "STANDINGSCSV", "B2");
      assert.equal(played.formula, standing("MS_1", 2)[1]!.slice(1));
      assert.equal(played.result, 2);
      const score = await readWorkbookCell(dir, "facility", "CSV", "D3");
      assert.deepEqual([score.formula, score.result], ['IF(SCHEDULE!D3="","",SCHEDULE!D3)', 15]);
    });

    it("a second adapter opening the saved file reads the same results", async () => {
      const other = createXlsxWorkbooks({ dir });
      const tabs = await other.readTabs("facility", ["STANDINGSCSV"], "unformatted");
      other.close();
      assert.deepEqual(tabs.get("STANDINGSCSV")?.[1], ["MS_1", 2, 36]);
    });
  });

  describe("the functions tournament workbooks use", () => {
    it("references, IF, IFERROR, lookups, conditional counts and sums, text joins and SORT", async () => {
      await writeWorkbook(dir, "functions", {
        "My Tab": [
          ["b", 2],
          ["a", 1],
          ["c", 3],
        ],
        F: [
          [
            "='My Tab'!B3",
            '=IF(\'My Tab\'!B1>1,"big","small")',
            '=IFERROR(1/0,"none")',
            "=VLOOKUP(\"a\",'My Tab'!A1:B3,2,FALSE)",
            "=INDEX('My Tab'!A1:A3,MATCH(3,'My Tab'!B1:B3,0))",
            "=COUNTIF('My Tab'!B1:B3,\">1\")",
            "=SUMIF('My Tab'!A1:A3,\"<>a\",'My Tab'!B1:B3)",
            "=TEXTJOIN(\",\",TRUE,'My Tab'!A1:A3)",
            "=CONCATENATE('My Tab'!A1,\"-\",'My Tab'!A2)&\"!\"",
            "=SORT('My Tab'!A1:A3)",
          ],
        ],
      });
      const rows = (await sheets.readTabs("functions", ["F"], "formatted")).get("F");
      assert.deepEqual(rows, [
        ["3", "big", "none", "1", "c", "2", "5", "b,a,c", "b-a!", "a"],
        ["", "", "", "", "", "", "", "", "", "b"],
        ["", "", "", "", "", "", "", "", "", "c"],
      ]);
    });

    it("FILTER over open ranges spills into the cells below, in an ATTENDANCE-like tab", async () => {
      await writeWorkbook(dir, "attendance", {
        ATTENDANCE: [
          ["key", "player", "teams", "categories", "present", "timeIn", "withdrawn", null, null, "notYetIn"],
          [
            "ann",
            "Ann",
            "MS_1",
            "MS",
            true,
            null,
            false,
            null,
            null,
            '=FILTER(B2:B, (E2:E<>TRUE)*(G2:G<>TRUE)*(B2:B<>""))',
          ],
          ["bob", "Bob", "MS_2", "MS", false, null, false],
          ["cy", "Cy", "MS_3", "MS", false, null, true],
          ["dee", "Dee", "MS_4", "MS", false, null, false],
        ],
      });
      const column = async () =>
        ((await sheets.readTabs("attendance", ["ATTENDANCE"], "formatted")).get("ATTENDANCE") ?? []).map(
          (r) => r[9] ?? "",
        );
      assert.deepEqual(await column(), ["notYetIn", "Bob", "Dee", "", ""]);
      await sheets.writeRanges("attendance", [
        { range: "ATTENDANCE!E3:F3", values: [[true, "2025-03-07 09:00"]] },
      ]);
      assert.deepEqual(await column(), ["notYetIn", "Dee", "", "", ""]);
      const anchor = await readWorkbookCell(dir, "attendance", "ATTENDANCE", "J2");
      assert.deepEqual(
        [anchor.formula, anchor.result],
        ['FILTER(B2:B, (E2:E<>TRUE)*(G2:G<>TRUE)*(B2:B<>""))', "Dee"],
      );
      const other = createXlsxWorkbooks({ dir });
      const reopened = (await other.readTabs("attendance", ["ATTENDANCE"], "formatted")).get("ATTENDANCE");
      other.close();
      assert.deepEqual(reopened?.[1]?.[9], "Dee");
    });
  });

  describe("a formula the engine cannot evaluate never breaks a read", () => {
    it("reads as its cached value, with one warning per workbook", async () => {
      await writeWorkbook(dir, "unsupported", { T: [[2, "=B1*10"]] });
      const ExcelJS = (await import("exceljs")).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(join(dir, "unsupported.xlsx"));
      const sheet = workbook.getWorksheet("T")!;
      sheet.getCell("B1").value = { formula: 'REGEXMATCH("abc","b")', result: 7 } as never;
      sheet.getCell("C1").value = { formula: "QUERY(A1:A1)", result: "cached" } as never;
      await workbook.xlsx.writeFile(join(dir, "unsupported.xlsx"));
      warnings.length = 0;
      const first = await sheets.readTabs("unsupported", ["T"], "formatted");
      assert.deepEqual(first.get("T"), [["2", "7", "cached"]]);
      await sheets.writeRanges("unsupported", [{ range: "T!D1", values: [[1]] }]);
      await sheets.readTabs("unsupported", ["T"], "formula");
      assert.equal(warnings.length, 1);
      assert.deepEqual((warnings[0] as { count: number }).count, 2);
      const kept = await readWorkbookCell(dir, "unsupported", "T", "B1");
      assert.deepEqual([kept.formula, kept.result], ['REGEXMATCH("abc","b")', 7]);
    });
  });
});

import ExcelJS from "exceljs";
import { WorkbookEngine } from "../adapters/xlsx-workbooks/engine.ts";
import {
  addTab,
  type Cell,
  CSV_HEADER,
  callsRows,
  csvRow,
  LAST_ROW,
  SCHEDULE_HEADER,
  STANDINGS_HEADER,
  standingsFormulas,
  TEAMS_HEADER,
  WIDTHS,
  winnerFormula,
} from "./workbook.ts";

/** The rows below the header that carry formulas, ready for matches and teams typed in. */
const rows = (make: (r: number) => Cell[]) => Array.from({ length: LAST_ROW - 1 }, (_, i) => make(i + 2));
const blanks = (n: number): Cell[] => Array.from({ length: n }, () => null);

/**
 * The blank facility workbook organisers import into Google Sheets (docs/workbooks.md): the demo
 * workbook's tabs, headers and formulas, with no matches yet. `SCHEDULE` takes the matches and
 * scores (its `winner` column is a formula), `CSV` and `STANDINGSCSV` are formulas over it down to
 * row 200 (team codes, players and categories typed in `STANDINGSCSV`'s first three columns),
 * `Teams` is a team event's roster; `SCHEDULE`'s date and time columns are plain text; `CALLS` is
 * the service's, its header row alone. The service creates `ATTENDANCE` itself. Calculated once, so
 * the file carries its formulas' results; dated at a fixed time, so it is made the same each run.
 * @example await templateWorkbook().xlsx.writeFile("docs/workbook-template.xlsx");
 */
export function templateWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "tournament-ops";
  workbook.created = workbook.modified = new Date("2026-01-01T00:00:00Z");
  const scheduleBlanks = blanks(SCHEDULE_HEADER.length - 1);
  addTab(
    workbook,
    "SCHEDULE",
    [[...SCHEDULE_HEADER], ...rows((r) => [...scheduleBlanks, winnerFormula(r)])],
    WIDTHS.SCHEDULE,
  );
  // Dates and times typed in stay text (`2026-11-28`, `09:30`), published as typed, not as a locale's date.
  const schedule = workbook.getWorksheet("SCHEDULE") as ExcelJS.Worksheet;
  for (let r = 2; r <= LAST_ROW; r++) for (const c of [2, 3]) schedule.getCell(r, c).numFmt = "@";
  addTab(workbook, "CSV", [CSV_HEADER, ...rows(csvRow)], WIDTHS.CSV);
  addTab(
    workbook,
    "STANDINGSCSV",
    [[...STANDINGS_HEADER], ...rows((r) => [...blanks(3), ...standingsFormulas(r)])],
    WIDTHS.STANDINGSCSV,
  );
  addTab(workbook, "Teams", [[...TEAMS_HEADER]], WIDTHS.Teams);
  addTab(workbook, "CALLS", callsRows(), WIDTHS.CALLS);
  WorkbookEngine.build(workbook).destroy();
  return workbook;
}

import { access, link, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { WorkbookEngine } from "../adapters/xlsx-workbooks/engine.ts";
import { toStoredFormula } from "../adapters/xlsx-workbooks/formula-text.ts";
import { ATTENDANCE_HEADER, ATTENDANCE_TAB } from "../features/attendance/attendance-tab.ts";
import { NOT_YET_IN_FORMULA, NOT_YET_IN_HEADER } from "../features/attendance/write-allowlist.ts";
import { columnLetters } from "../shared/a1.ts";
import { CALL_COLUMNS, CALLS_TAB } from "../shared/call-columns.ts";
import { MATCH_COLUMNS } from "../shared/match-columns.ts";
import type { FacilityDraw, Side } from "./draw.ts";

/** The `SCHEDULE` columns: DESIGN.md's match columns, then a `winner` helper the standings count. */
export const SCHEDULE_HEADER = [...MATCH_COLUMNS, "winner"] as const;

/** The `STANDINGSCSV` columns; `Team Code` and `Player` are the roster the attendance list is built from. */
export const STANDINGS_HEADER = [
  "Team Code",
  "Player",
  "Category",
  "Played",
  "Won",
  "Lost",
  "Points For",
  "Points Against",
] as const;

/** Formulas reach this far down `SCHEDULE`, so matches added by hand below the draw still count. */
export const LAST_ROW = 200;
const MATCH_COLUMN_COUNT = MATCH_COLUMNS.length;
const range = (column: string) => `SCHEDULE!$${column}$2:$${column}$${LAST_ROW}`;
const players = (side: Side) => side.players.join(" / ");

/** A cell as written: a value, a formula, or nothing. */
export type Cell = string | number | { formula: string } | null;

/** Column widths of each tab, in characters. */
export const WIDTHS = {
  SCHEDULE: [12, 11, 7, 9, 10, 16, 12, 34, 12, 34, 11, 11, 20, 12],
  CSV: [12, 11, 7, 9, 10, 16, 12, 34, 12, 34, 11, 11, 20],
  STANDINGSCSV: [12, 34, 10, 8, 8, 8, 11, 14],
  Teams: [12, 10, 8, 34],
  CALLS: [12, 12, 20, 20, 20, 24, 10],
};

/** The service's `CALLS` tab, empty: its header row alone (the courts feature writes the calls). */
export const callsRows = (): Cell[][] => [[...CALL_COLUMNS]];

/** The `Teams` roster tab's header (team events). */
export const TEAMS_HEADER = ["Team Code", "Team", "Pair", "Player"] as const;

/** Adds a tab with its rows, its header bold and frozen, and its column widths. */
export function addTab(workbook: ExcelJS.Workbook, name: string, rows: Cell[][], widths: number[]): void {
  const sheet = workbook.addWorksheet(name);
  rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value !== null) sheet.getCell(r + 1, c + 1).value = value;
    });
  });
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  widths.forEach((width, c) => {
    sheet.getColumn(c + 1).width = width;
  });
}

function scheduleRows(draw: FacilityDraw): Cell[][] {
  const rows: Cell[][] = [[...SCHEDULE_HEADER]];
  draw.matches.forEach((match, i) => {
    const r = i + 2;
    rows.push([
      match.matchNumber,
      draw.date,
      match.time,
      match.court,
      match.category,
      match.round,
      match.side1.code,
      players(match.side1),
      match.side2.code,
      players(match.side2),
      match.score?.[0] ?? null,
      match.score?.[1] ?? null,
      match.referee,
      winnerFormula(r),
    ]);
  });
  return rows;
}

/** `SCHEDULE`'s `winner` helper of row `r`: the winning side's code once both scores are in. */
export function winnerFormula(r: number): Cell {
  return { formula: `IF(OR(K${r}="",L${r}=""),"",IF(K${r}>L${r},G${r},IF(L${r}>K${r},I${r},"")))` };
}

/** One row of the matches tab: every cell a formula over `SCHEDULE`'s row `r`, blank while it is. */
export function csvRow(r: number): Cell[] {
  return Array.from({ length: MATCH_COLUMN_COUNT }, (_, c) => ({
    formula: `IF(SCHEDULE!${columnLetters(c)}${r}="","",SCHEDULE!${columnLetters(c)}${r})`,
  }));
}

/** The matches tab's header: the match columns, without `SCHEDULE`'s helper. */
export const CSV_HEADER = SCHEDULE_HEADER.slice(0, MATCH_COLUMN_COUNT);

/** The matches tab: every cell a formula over `SCHEDULE`, so a score written there shows here. */
function csvRows(draw: FacilityDraw): Cell[][] {
  return [CSV_HEADER, ...draw.matches.map((_, i) => csvRow(i + 2))];
}

/**
 * `STANDINGSCSV`'s computed columns (played, won, lost, points for and against) of row `r`, from
 * the results in `SCHEDULE` with COUNTIFS and SUMIFS; blank while the row has no team code.
 */
export function standingsFormulas(r: number): Cell[] {
  const played = `COUNTIFS(${range("G")},A${r},${range("K")},"<>")+COUNTIFS(${range("I")},A${r},${range("L")},"<>")`;
  const pointsFor = `SUMIFS(${range("K")},${range("G")},A${r})+SUMIFS(${range("L")},${range("I")},A${r})`;
  const pointsAgainst = `SUMIFS(${range("L")},${range("G")},A${r})+SUMIFS(${range("K")},${range("I")},A${r})`;
  const computed = [played, `COUNTIFS(${range("N")},A${r})`, `D${r}-E${r}`, pointsFor, pointsAgainst];
  return computed.map((formula) => ({ formula: `IF($A${r}="","",${formula})` }));
}

/** Standings computed from the results in `SCHEDULE`: each side's code, players and category, then formulas. */
function standingsRows(draw: FacilityDraw): Cell[][] {
  const rows: Cell[][] = [[...STANDINGS_HEADER]];
  for (const category of draw.categories) {
    for (const side of category.sides) {
      rows.push([side.code, players(side), category.label, ...standingsFormulas(rows.length + 1)]);
    }
  }
  return rows;
}

/** A team event's roster tab: one row per pair of each team playing at the facility. */
function teamsRows(draw: FacilityDraw): Cell[][] {
  const pairNames = ["MD", "WD", "XD 1", "XD 2"];
  const rows: Cell[][] = [[...TEAMS_HEADER]];
  for (const team of draw.categories) {
    for (const [n, side] of team.sides.entries()) {
      rows.push([side.code, team.label, pairNames[n] ?? String(n + 1), players(side)]);
    }
  }
  return rows;
}

/** The "not yet in" formula as an `.xlsx` file stores it (Excel's FILTER, ranges closed at row 1000). */
const NOT_YET_IN_STORED = toStoredFormula(NOT_YET_IN_FORMULA, ATTENDANCE_TAB, () => 999);

/** An empty `ATTENDANCE` tab in the spec's layout, with the "not yet in" list in column J. */
function attendanceRows(): Cell[][] {
  const header: Cell[] = [...ATTENDANCE_HEADER, null, null, NOT_YET_IN_HEADER];
  return [header, [null, null, null, null, null, null, null, null, null, { formula: NOT_YET_IN_STORED }]];
}

/**
 * Builds one facility workbook: `SCHEDULE` (plain values, where scores are entered), `CSV` and
 * `STANDINGSCSV` (formulas over it), `Teams` for a team event, and empty `ATTENDANCE` and `CALLS` tabs.
 * @example const workbook = facilityWorkbook(draw); await workbook.xlsx.writeFile("open-sat-rizal-hall.xlsx");
 */
export function facilityWorkbook(draw: FacilityDraw): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "tournament-ops demo";
  addTab(workbook, "SCHEDULE", scheduleRows(draw), WIDTHS.SCHEDULE);
  addTab(workbook, "CSV", csvRows(draw), WIDTHS.CSV);
  addTab(workbook, "STANDINGSCSV", standingsRows(draw), WIDTHS.STANDINGSCSV);
  if (draw.eventType === "team") addTab(workbook, "Teams", teamsRows(draw), WIDTHS.Teams);
  addTab(workbook, ATTENDANCE_TAB, attendanceRows(), [24, 24, 20, 16, 9, 17, 10, 12, 12, 24]);
  addTab(workbook, CALLS_TAB, callsRows(), WIDTHS.CALLS);
  return workbook;
}

/**
 * Writes `<dir>/<sheetId>.xlsx` unless it exists. The file appears whole: written aside, then
 * hard-linked into place, which fails rather than replace a file made meanwhile.
 * @returns whether the file was written
 */
export async function writeFacilityWorkbook(dir: string, draw: FacilityDraw): Promise<boolean> {
  const file = join(dir, `${draw.sheetId}.xlsx`);
  if (await exists(file)) return false;
  const aside = `${file}.${process.pid}.tmp`;
  const workbook = facilityWorkbook(draw);
  // Calculated once, so the file carries every formula's result (and the "not yet in" list as the
  // array it spills to) for a spreadsheet program that opens it before the service ever does.
  WorkbookEngine.build(workbook).destroy();
  await writeFile(aside, Buffer.from(await workbook.xlsx.writeBuffer()));
  try {
    await link(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await rm(aside, { force: true });
  }
}

/** Whether a path exists. */
export async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

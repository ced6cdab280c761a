/**
 * The in-memory workbook behind the Sheets API fake: each cell holds what a user entered (a value,
 * or a formula together with the value it last computed) and an optional note, as in Google Sheets.
 */

export type FakeValue = string | number | boolean | null;

/** A seed cell: a plain value, or a formula with the value it shows. */
export type SeedCell = FakeValue | { formula: string; value: FakeValue };

export interface FakeCell {
  value: FakeValue;
  formula?: string;
  note?: string;
}

export interface FakeSheet {
  sheetId: number;
  title: string;
  cells: (FakeCell | undefined)[][];
  /** The grid's size: Sheets refuses a read or write of a range that passes it. */
  rowCount: number;
  columnCount: number;
}

/** A new tab's grid when none is asked for, as Sheets makes it. */
export const DEFAULT_GRID = { rowCount: 1000, columnCount: 26 } as const;
/** Documented limits: cells in a workbook, columns in a tab. */
export const CELL_LIMIT = 10_000_000;
export const COLUMN_LIMIT = 18_278;

export type RenderOption = "FORMATTED_VALUE" | "UNFORMATTED_VALUE" | "FORMULA";

/** An A1 range resolved against nothing yet: zero-based start, optional inclusive end. */
export interface A1Range {
  tab: string;
  startRow: number;
  startColumn: number;
  endRow?: number;
  endColumn?: number;
}

/** Thrown for a range the API cannot parse; the fake turns it into Google's 400. */
export class RangeError400 extends Error {}

function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

function parseCell(ref: string): { row?: number; column?: number } {
  const match = /^([A-Za-z]*)(\d*)$/.exec(ref);
  if (!match || (match[1] === "" && match[2] === "")) throw new RangeError400(ref);
  return {
    column: match[1] ? columnIndex(match[1].toUpperCase()) : undefined,
    row: match[2] ? Number(match[2]) - 1 : undefined,
  };
}

/** Parses `Tab`, `'My Tab'`, `Tab!A1`, `'It''s'!B2:C9` or `Tab!A:G`. */
export function parseA1(range: string): A1Range {
  let tab: string;
  let rest: string;
  if (range.startsWith("'")) {
    const match = /^'((?:[^']|'')*)'(.*)$/.exec(range);
    if (!match) throw new RangeError400(range);
    tab = (match[1] ?? "").replaceAll("''", "'");
    rest = match[2] ?? "";
  } else {
    const bang = range.indexOf("!");
    tab = bang === -1 ? range : range.slice(0, bang);
    rest = bang === -1 ? "" : range.slice(bang);
  }
  if (tab === "") throw new RangeError400(range);
  if (rest === "") return { tab, startRow: 0, startColumn: 0 };
  if (!rest.startsWith("!")) throw new RangeError400(range);
  const [from, to, extra] = rest.slice(1).split(":");
  if (from === undefined || extra !== undefined) throw new RangeError400(range);
  const start = parseCell(from);
  const end =
    to === undefined ? (start.row !== undefined && start.column !== undefined ? start : {}) : parseCell(to);
  return {
    tab,
    startRow: start.row ?? 0,
    startColumn: start.column ?? 0,
    endRow: end.row,
    endColumn: end.column,
  };
}

/** Whether a zero-based last row or column lies past the grid's edge. */
export function exceedsGrid(sheet: FakeSheet, lastRow: number, lastColumn: number): boolean {
  return lastRow >= sheet.rowCount || lastColumn >= sheet.columnCount;
}

/**
 * Google's refusal of a range that passes the grid's edge, worded as Sheets words it.
 * @example gridLimitMessage(sheet, "ATTENDANCE!H1:H1") // "Range (ATTENDANCE!H1:H1) exceeds grid limits. Max rows: 3, max columns: 7"
 */
export function gridLimitMessage(sheet: FakeSheet, range: string): string {
  return `Range (${range}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`;
}

/** Quotes a tab name for a range, as the API prints it back. */
export function quoteTab(title: string): string {
  return `'${title.replaceAll("'", "''")}'`;
}

export function seedCell(seed: SeedCell): FakeCell | undefined {
  if (seed === null || seed === "") return undefined;
  if (typeof seed === "object") return { value: seed.value, formula: seed.formula };
  return { value: seed };
}

function formatted(value: FakeValue): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value);
}

/** One cell as `valueRenderOption` shows it; an empty cell is `""`. */
export function renderCell(cell: FakeCell | undefined, option: RenderOption): FakeValue {
  if (!cell) return "";
  if (option === "FORMULA" && cell.formula !== undefined) return cell.formula;
  if (option === "FORMATTED_VALUE") return formatted(cell.value);
  return cell.value ?? "";
}

function isBlank(value: FakeValue): boolean {
  return value === "" || value === null;
}

/**
 * The values of a range, ROWS major, trimmed as the API trims them: trailing empty cells of a row
 * and trailing empty rows are left out; empty cells before a value read as `""`.
 */
export function readRange(sheet: FakeSheet, range: A1Range, option: RenderOption): FakeValue[][] {
  const lastRow = Math.min(sheet.cells.length - 1, range.endRow ?? Number.POSITIVE_INFINITY);
  const rows: FakeValue[][] = [];
  for (let r = range.startRow; r <= lastRow; r++) {
    const source = sheet.cells[r] ?? [];
    const lastColumn = Math.min(source.length - 1, range.endColumn ?? Number.POSITIVE_INFINITY);
    const row: FakeValue[] = [];
    for (let c = range.startColumn; c <= lastColumn; c++) row.push(renderCell(source[c], option));
    while (row.length > 0 && isBlank(row[row.length - 1] ?? null)) row.pop();
    rows.push(row);
  }
  while (rows.length > 0 && rows[rows.length - 1]?.length === 0) rows.pop();
  return rows;
}

/** The cell at a position, created when missing. */
export function cellAt(sheet: FakeSheet, row: number, column: number): FakeCell {
  for (let r = 0; r <= row; r++) sheet.cells[r] ??= [];
  const cells = sheet.cells[row] as (FakeCell | undefined)[];
  let cell = cells[column];
  if (!cell) {
    cell = { value: null };
    cells[column] = cell;
  }
  return cell;
}

/** The A1 text of a zero-based column index. */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

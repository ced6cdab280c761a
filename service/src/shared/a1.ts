import { AppError } from "./errors.ts";

/**
 * Column letters in A1 notation, the one place they are converted.
 * @example columnIndex("AA") // 26
 */
export function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/**
 * A zero-based column index to its letters.
 * @example columnLetters(26) // "AA"
 */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * A cell's A1 name from zero-based row and column.
 * @example cellName(4, 27) // "AB5"
 */
export const cellName = (row: number, column: number) => `${columnLetters(column)}${row + 1}`;

/** A parsed A1 range: zero-based start cell and an optional inclusive end (absent = open). */
export interface A1Range {
  tab: string;
  row: number;
  column: number;
  endRow: number | undefined;
  endColumn: number | undefined;
}

const CELL = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/;

/**
 * Parses `Tab!E5:F5`, `'My Tab'!A1`, `Tab!A:G` or a bare `Tab` (the whole tab from A1), as the
 * Sheets API reads a write range (the local workbooks and the Google adapter's own cell writes).
 * A range it cannot read is the upstream's refusal, as a 400 would be.
 * @example parseA1("'My Tab'!B3:C4"); // { tab: "My Tab", row: 2, column: 1, endRow: 3, endColumn: 2 }
 */
export function parseA1(range: string): A1Range {
  const bang = range.lastIndexOf("!");
  const rawTab = bang < 0 ? range : range.slice(0, bang);
  const cells = bang < 0 ? "" : range.slice(bang + 1);
  const tab = /^'.*'$/.test(rawTab) ? rawTab.slice(1, -1).replaceAll("''", "'") : rawTab;
  if (tab.length === 0) throw unreadable(range);
  if (cells === "") return { tab, row: 0, column: 0, endRow: undefined, endColumn: undefined };
  const [first, last, extra] = cells.split(":");
  const start = CELL.exec(first ?? "");
  const end = last === undefined ? undefined : CELL.exec(last);
  if (!start || extra !== undefined || (last !== undefined && !end)) throw unreadable(range);
  const row = start[2] ? Number(start[2]) - 1 : 0;
  const column = start[1] ? columnIndex(start[1]) : 0;
  if (!start[1] && !start[2]) throw unreadable(range);
  if (!end) return { tab, row, column, endRow: undefined, endColumn: undefined };
  return {
    tab,
    row,
    column,
    endRow: end[2] ? Number(end[2]) - 1 : undefined,
    endColumn: end[1] ? columnIndex(end[1]) : undefined,
  };
}

function unreadable(range: string): AppError {
  return new AppError("upstream_failure", `unable to parse range ${range}`);
}

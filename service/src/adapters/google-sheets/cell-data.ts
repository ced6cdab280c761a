import type { CellValue, RangeWrite, Rows } from "../../ports/spreadsheet.ts";
import { parseA1 } from "../../shared/a1.ts";

/** Sheets' `ExtendedValue`, as read and written. */
interface ExtendedValue {
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  formulaValue?: string;
  errorValue?: { type?: string };
}

/** One cell of `GridData`, with the members this adapter asks for. */
interface CellData {
  userEnteredValue?: ExtendedValue;
  effectiveValue?: ExtendedValue;
  note?: string;
}

/** A row of `GridData`. */
export interface RowData {
  values?: CellData[];
}

// How UNFORMATTED_VALUE shows an error: its text, as in the cell.
const ERROR_TEXT: Record<string, string> = {
  N_A: "#N/A",
  DIVIDE_BY_ZERO: "#DIV/0!",
  VALUE: "#VALUE!",
  REF: "#REF!",
  NAME: "#NAME?",
  NUM: "#NUM!",
  NULL_VALUE: "#NULL!",
  LOADING: "Loading...",
};

function plain(value: ExtendedValue | undefined): CellValue {
  if (!value) return "";
  if (value.errorValue) return ERROR_TEXT[value.errorValue.type ?? ""] ?? "#ERROR!";
  return value.numberValue ?? value.boolValue ?? value.stringValue ?? "";
}

function trimmed(rows: Rows): Rows {
  for (const row of rows) while (row.length > 0 && row[row.length - 1] === "") row.pop();
  while (rows.length > 0 && rows[rows.length - 1]?.length === 0) rows.pop();
  return rows;
}

/**
 * A tab's `GridData` rows in the two renders score entry compares: formulas (a formula cell as
 * its text, any other cell as its value) and unformatted values, trimmed as the values API trims;
 * and each cell's note.
 */
export function rendersOf(rowData: readonly RowData[]): { formulas: Rows; values: Rows; notes: string[][] } {
  const cells = rowData.map((row) => row.values ?? []);
  return {
    notes: cells.map((row) => row.map((c) => c.note ?? "")),
    formulas: trimmed(
      cells.map((row) => row.map((c) => c.userEnteredValue?.formulaValue ?? plain(c.effectiveValue))),
    ),
    values: trimmed(cells.map((row) => row.map((c) => plain(c.effectiveValue)))),
  };
}

/**
 * A value as written: `null` and `""` leave no value (the cell is cleared); with `user-entered`
 * input a text starting with `=` is a formula, as when typed.
 */
export function enteredValue(
  value: CellValue,
  input: RangeWrite["input"] = "raw",
): ExtendedValue | undefined {
  if (value === null || value === "") return undefined;
  if (typeof value === "number") return { numberValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (input === "user-entered" && value.startsWith("=")) return { formulaValue: value };
  return { stringValue: value };
}

/**
 * The `updateCells` requests that put one range write on the tab with numeric id `tabId`. A
 * `null` value leaves its cell untouched (as the values API does), so a row is cut at each one.
 */
export function updateCellsFor(write: RangeWrite, tabId: number): object[] {
  const range = parseA1(write.range);
  const runs: { row: number; column: number; values: CellValue[] }[] = [];
  write.values.forEach((row, r) => {
    let run: (typeof runs)[number] | undefined;
    row.forEach((value, c) => {
      if (value === null) {
        run = undefined;
        return;
      }
      if (!run) {
        run = { row: range.row + r, column: range.column + c, values: [] };
        runs.push(run);
      }
      run.values.push(value);
    });
  });
  return runs.map((run) => ({
    updateCells: {
      start: { sheetId: tabId, rowIndex: run.row, columnIndex: run.column },
      rows: [{ values: run.values.map((value) => ({ userEnteredValue: enteredValue(value, write.input) })) }],
      fields: "userEnteredValue",
    },
  }));
}

/** The last zero-based row and column a write reaches (its range's end when that is further). */
export function extentOf(write: RangeWrite): { tab: string; lastRow: number; lastColumn: number } {
  const range = parseA1(write.range);
  const width = Math.max(1, ...write.values.map((row) => row.length));
  return {
    tab: range.tab,
    lastRow: Math.max(range.endRow ?? range.row, range.row + Math.max(1, write.values.length) - 1),
    lastColumn: Math.max(range.endColumn ?? range.column, range.column + width - 1),
  };
}

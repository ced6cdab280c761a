import type { RangeWrite, Spreadsheets } from "../../ports/spreadsheet.ts";
import { CALL_COLUMNS, CALL_STATES, CALLS_TAB } from "../../shared/call-columns.ts";
import { AppError } from "../../shared/errors.ts";
import { type Call, callCells } from "./calls-tab.ts";

/** A call row written whole: `CALLS!A<row>:G<row>`. */
const ROW_RANGE = /^CALLS!A([1-9]\d*):G\1$/;

function refuse(write: RangeWrite, why: string): AppError {
  return new AppError("internal_error", `calls write to "${write.range}" refused before any request: ${why}`);
}

const isCell = (value: unknown) => value === null || typeof value === "string" || typeof value === "number";

/**
 * Checks one write against the calls allowlist: one whole call row, `CALLS!A<r>:G<r>` from row 2,
 * raw values, seven cells, its state one of `called`, `playing`, `done`, `cancelled`. Row 1 is
 * written only as the exact header, and only with `creatingTab`. Columns beyond G (the operators')
 * are never written.
 * @throws AppError `internal_error` for anything else: a bug, refused before it reaches a workbook.
 */
export function checkCallsWrite(write: RangeWrite, options: { creatingTab?: boolean } = {}): void {
  if ((write.input ?? "raw") !== "raw") throw refuse(write, "only raw values are written");
  const match = ROW_RANGE.exec(write.range);
  if (!match) throw refuse(write, "not one whole CALLS row, A to G");
  const [cells, ...more] = write.values;
  if (!cells || more.length > 0 || cells.length !== CALL_COLUMNS.length || !cells.every(isCell))
    throw refuse(write, "not the seven cells of one row");
  if (Number(match[1]) === 1) {
    const header = options.creatingTab && cells.every((cell, column) => cell === CALL_COLUMNS[column]);
    if (!header) throw refuse(write, "row 1 is the header, written only when the tab is created");
    return;
  }
  if (!(CALL_STATES as readonly unknown[]).includes(cells[6])) throw refuse(write, "not a call state");
}

/** The write of one call into its row. */
export const callRowWrite = (row: number, call: Call): RangeWrite => ({
  range: `${CALLS_TAB}!A${row}:G${row}`,
  values: [callCells(call)],
});

/**
 * The only way the calls feature writes to an existing `CALLS` tab: every write is checked first,
 * so a write outside the allowlist fails before any request is made. All writes go in one call.
 * @example await writeCalls(sheets, sheetId, [callRowWrite(5, call)]);
 */
export async function writeCalls(
  spreadsheets: Spreadsheets,
  sheetId: string,
  writes: readonly RangeWrite[],
): Promise<void> {
  if (writes.length === 0) return;
  for (const write of writes) checkCallsWrite(write);
  await spreadsheets.writeRanges(sheetId, writes);
}

/**
 * Creates the `CALLS` tab with its header and its first rows in one call, so that it exists whole
 * or not at all; every write is checked first, as {@link writeCalls} does.
 * @example await createCallsTab(sheets, sheetId, [callRowWrite(2, call)]);
 */
export async function createCallsTab(
  spreadsheets: Spreadsheets,
  sheetId: string,
  rows: readonly RangeWrite[],
): Promise<void> {
  const header: RangeWrite = { range: `${CALLS_TAB}!A1:G1`, values: [[...CALL_COLUMNS]] };
  const writes = [header, ...rows];
  for (const write of writes) checkCallsWrite(write, { creatingTab: true });
  await spreadsheets.createTab(sheetId, CALLS_TAB, writes);
}

import type { CellValue, RangeWrite, Spreadsheets } from "../../ports/spreadsheet.ts";
import { columnIndex } from "../../shared/a1.ts";
import { AppError } from "../../shared/errors.ts";
import { ATTENDANCE_TAB } from "./attendance-tab.ts";

const COLUMN_G = 6;
const COLUMN_H = 7;
const COLUMN_J = 9;
const COLUMN_Z = 25;

/**
 * J1's header and J2's formula: everyone with a name who is neither present nor withdrawn. FILTER
 * answers `#N/A` when nobody is left; IFNA shows that as an empty list.
 */
export const NOT_YET_IN_HEADER = "not yet in";
export const NOT_YET_IN_FORMULA = '=IFNA(FILTER(B2:B,B2:B<>"",E2:E<>TRUE,G2:G<>TRUE),"")';
const NOT_YET_IN_RANGE = `${ATTENDANCE_TAB}!J1:J2`;

/**
 * The one write that may leave the allowlist: the "not yet in" list, written once, only as part of
 * the tab the service creates, and entered as a formula (every other write is raw).
 */
export function notYetInWrite(): RangeWrite {
  return {
    range: NOT_YET_IN_RANGE,
    values: [[NOT_YET_IN_HEADER], [NOT_YET_IN_FORMULA]],
    input: "user-entered",
  };
}

const RANGE = /^(?:ATTENDANCE|'ATTENDANCE')!([A-Z]{1,3})([1-9]\d*)(?::([A-Z]{1,3})([1-9]\d*))?$/;

function refuse(write: RangeWrite, why: string): AppError {
  return new AppError(
    "internal_error",
    `attendance write to "${write.range}" refused before any request: ${why}`,
  );
}

function isNotYetIn(write: RangeWrite): boolean {
  const expected = notYetInWrite();
  return (
    write.range === expected.range &&
    write.input === "user-entered" &&
    JSON.stringify(write.values) === JSON.stringify(expected.values)
  );
}

/**
 * Checks one write against the spec's attendance allowlist: inside `ATTENDANCE!A:G`, or one single
 * cell in H–Z other than J (a `markedBy` cell or its header). With `creatingTab`, the exact
 * {@link notYetInWrite} is also let through. Ranges name explicit rows and the values must fit them.
 * A range past the tab's grid is still within the allowlist: the adapter grows the grid to take it.
 * @throws AppError `internal_error` for anything else: a bug, refused before it reaches a workbook.
 */
export function checkAttendanceWrite(write: RangeWrite, options: { creatingTab?: boolean } = {}): void {
  if (options.creatingTab && isNotYetIn(write)) return;
  if ((write.input ?? "raw") !== "raw") throw refuse(write, "only raw values are written");
  const match = RANGE.exec(write.range);
  if (!match) throw refuse(write, "not an ATTENDANCE range with explicit rows");
  const startColumn = columnIndex(match[1] ?? "");
  const startRow = Number(match[2]);
  const endColumn = match[3] === undefined ? startColumn : columnIndex(match[3]);
  const endRow = match[4] === undefined ? startRow : Number(match[4]);
  if (endColumn < startColumn || endRow < startRow) throw refuse(write, "the range runs backwards");
  const fits = (rows: readonly (readonly CellValue[])[]) =>
    rows.length <= endRow - startRow + 1 && rows.every((row) => row.length <= endColumn - startColumn + 1);
  if (!fits(write.values)) throw refuse(write, "the values do not fit the range");
  if (endColumn <= COLUMN_G) return;
  const singleCell = startColumn === endColumn && startRow === endRow;
  if (singleCell && startColumn >= COLUMN_H && startColumn <= COLUMN_Z && startColumn !== COLUMN_J) return;
  throw refuse(write, "outside ATTENDANCE!A:G and not one single cell in H to Z other than J");
}

/**
 * The only way the attendance feature writes to an existing tab: every write is checked first, so
 * a write outside the allowlist fails before any request is made. All writes go in one call.
 * @example await writeAttendance(sheets, sheetId, [{ range: "ATTENDANCE!E5:F5", values: [[true, "2026-11-21 10:02"]] }]);
 */
export async function writeAttendance(
  spreadsheets: Spreadsheets,
  sheetId: string,
  writes: readonly RangeWrite[],
): Promise<void> {
  if (writes.length === 0) return;
  for (const write of writes) checkAttendanceWrite(write);
  await spreadsheets.writeRanges(sheetId, writes);
}

/**
 * Creates the `ATTENDANCE` tab with its header, its rows and the "not yet in" list in one call, so
 * that it exists whole or not at all; every write is checked first, as {@link writeAttendance} does.
 * @example await createAttendanceTab(sheets, sheetId, [...planNewTab(people).writes, notYetInWrite()]);
 */
export async function createAttendanceTab(
  spreadsheets: Spreadsheets,
  sheetId: string,
  writes: readonly RangeWrite[],
): Promise<void> {
  for (const write of writes) checkAttendanceWrite(write, { creatingTab: true });
  await spreadsheets.createTab(sheetId, ATTENDANCE_TAB, writes);
}

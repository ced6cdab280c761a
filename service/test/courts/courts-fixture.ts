import type { Rows } from "../../src/ports/spreadsheet.ts";
import { CALL_COLUMNS } from "../../src/shared/call-columns.ts";
import { HALL_A } from "../scores/schedule-fixture.ts";
import type { SpreadsheetBackend } from "../support/backends.ts";

/** A match's path of `open-sat`, ending in `call` or `live`. */
export const matchPath = (
  match: number | string,
  action: "call" | "live",
  facility = "Hall A",
  day = "open-sat",
) =>
  `/v3/days/${encodeURIComponent(day)}/facilities/${encodeURIComponent(facility)}/matches/${encodeURIComponent(String(match))}/${action}`;

/** Ten o'clock in Manila on the suite's day, as the CALLS tab writes it (the harness clock's start). */
export const TEN = "2026-11-21 10:00:00";

/** The CALLS rows of Hall A as a fresh adapter reads them (header first), blanks as "". */
export async function callRows(
  backend: SpreadsheetBackend,
  sheetId = HALL_A,
): Promise<string[][] | undefined> {
  const rows: Rows | undefined = await backend.tab(sheetId, "CALLS");
  return rows?.map((row) => CALL_COLUMNS.map((_, column) => String(row[column] ?? "")));
}

/** One CALLS row as written: match number, court, called, started, ended, by, state. */
export const callRow = (...cells: string[]) => cells;

/** The CALLS header row. */
export const CALLS_HEADER = [...CALL_COLUMNS];

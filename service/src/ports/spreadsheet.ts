/**
 * The spreadsheet port: what the service needs of a workbook service. Two adapters implement it:
 * the Google Sheets API v4 (`adapters/google-sheets/`) and local `.xlsx` files (`adapters/xlsx-workbooks/`).
 * A workbook is addressed by its `sheetId` (the registry's facility `sheetId`).
 *
 * Errors: adapters throw `AppError` with code `upstream_failure` (including an unreadable workbook,
 * whose message names the account to share it with), `service_busy` (429 twice) or `not_found`
 * (no such workbook). Raw upstream bodies never reach the message.
 */

import type { CellValue, Rows } from "../shared/cells.ts";
import { AppError } from "../shared/errors.ts";

export type { CellValue, Rows } from "../shared/cells.ts";

/**
 * How cell values are rendered on read, as the Sheets API's `valueRenderOption`:
 * `formatted` = FORMATTED_VALUE (strings as displayed), `unformatted` = UNFORMATTED_VALUE,
 * `formula` = FORMULA (a formula cell reads as its formula text starting with `=`).
 */
export type ValueRender = "formatted" | "unformatted" | "formula";

/** A write of raw values to one A1 range such as `ATTENDANCE!E5:F5` (`valueInputOption=RAW`). */
export interface RangeWrite {
  range: string;
  values: Rows;
  /**
   * How the values are entered; absent means `raw`. `user-entered` (`valueInputOption=USER_ENTERED`;
   * locally: a string starting with `=` is stored as a formula) exists for one write only: the
   * "not yet in" FILTER formula in `ATTENDANCE!J2` when the service creates the tab. Every other
   * write stays raw.
   */
  input?: "raw" | "user-entered";
}

/** A tab as one read found it, so that a write can reach that very tab (see `readTabForUpdate`). */
export interface TabHandle {
  readonly title: string;
  /** The Sheets API's numeric sheet id, as read in the same round; local workbooks go by title. */
  readonly id?: number;
}

/** One tab read for a read-compare-write: every cell in two renders, its notes, and the tab they came from. */
export interface TabForUpdate {
  /** Each cell's formula text (starting with `=`) where it holds one, else its unformatted value. */
  formulas: Rows;
  /** Each cell's unformatted value (a formula's result). */
  values: Rows;
  /** Each cell's note, "" where it has none (rows and cells after the last note may be left out). */
  notes: string[][];
  /** Hands `writeCellsWithNotes` the tab this read found, never one looked up again by title. */
  tab: TabHandle;
}

/** One cell of a tab written together with its note (Sheets: `updateCells` with `userEnteredValue` and `note`). */
export interface NotedCellWrite {
  /** Zero-based row index. */
  row: number;
  /** Zero-based column index. */
  column: number;
  value: CellValue;
  note: string;
}

/**
 * A write whose range lies past the tab's grid when the grid cannot grow to take it (the
 * workbook's cell limit): the caller may write less (attendance writes a mark without its
 * `markedBy` cell, as the spec's third rule says).
 */
export class GridFullError extends AppError {
  constructor() {
    super("upstream_failure", "the workbook has no room to grow for this write");
  }
}

export interface Spreadsheets {
  /**
   * Reads whole tabs in one round trip. A tab the workbook does not have maps to `undefined`.
   * @example const tabs = await sheets.readTabs(id, ["CSV", "STANDINGSCSV"], "formatted");
   */
  readTabs(
    sheetId: string,
    tabs: readonly string[],
    render: ValueRender,
  ): Promise<Map<string, Rows | undefined>>;

  /** The tab titles of a workbook, in order. */
  listTabs(sheetId: string): Promise<string[]>;

  /**
   * Writes values to several ranges in one call (all or nothing). A range past a tab's grid (a tab
   * imported from CSV is exactly as large as its data) grows the grid in the same call.
   * @throws GridFullError when the grid cannot grow that far.
   */
  writeRanges(sheetId: string, writes: readonly RangeWrite[]): Promise<void>;

  /**
   * Adds a tab with its content in one call: it exists whole or not at all. Every write's range is
   * on the new tab; the grid is made large enough for them.
   * @throws AppError `upstream_failure` when a tab has the title already (titles compare without case).
   * @example await sheets.createTab(id, "ATTENDANCE", [{ range: "ATTENDANCE!A1:G1", values: [header] }]);
   */
  createTab(sheetId: string, title: string, writes: readonly RangeWrite[]): Promise<void>;

  /**
   * Reads one tab for a write that depends on what it holds, in one round trip; `undefined` when
   * the workbook has no tab of that title.
   * @example const read = await sheets.readTabForUpdate(id, "SCHEDULE"); await sheets.writeCellsWithNotes(id, read.tab, cells);
   */
  readTabForUpdate(sheetId: string, title: string): Promise<TabForUpdate | undefined>;

  /**
   * Writes cells and their notes in one call (all or nothing) to the tab a `readTabForUpdate`
   * found: a tab renamed since, or replaced by another of the same title, is never written through
   * an id found earlier.
   */
  writeCellsWithNotes(sheetId: string, tab: TabHandle, cells: readonly NotedCellWrite[]): Promise<void>;

  /**
   * Reads tabs of a link-shared workbook as CSV through the export URL, with no credentials (the
   * sync's `csv` method); a tab the workbook does not have maps to `undefined`.
   * @example const csv = await sheets.exportCsv(id, ["CSV", "STANDINGSCSV"]);
   */
  exportCsv(sheetId: string, tabs: readonly string[]): Promise<Map<string, string | undefined>>;
}

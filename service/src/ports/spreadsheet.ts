/**
 * The spreadsheet port: what the service needs of a workbook service. Two adapters implement it:
 * the Google Sheets API v4 (`adapters/google-sheets/`) and local `.xlsx` files (`adapters/xlsx-workbooks/`).
 * A workbook is addressed by its `sheetId` (the registry's facility `sheetId`).
 *
 * Errors: adapters throw `AppError` with code `upstream_failure` (including an unreadable workbook,
 * whose message names the account to share it with), `service_busy` (429 twice) or `not_found`
 * (no such workbook). Raw upstream bodies never reach the message.
 */

/** One cell value as the API gives it: formatted values are strings; unformatted ones keep their type. */
export type CellValue = string | number | boolean | null;

/** A rectangular block of rows; rows may be ragged (trailing empty cells omitted). */
export type Rows = CellValue[][];

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
   * write stays raw. Writes of one call should share one input; when they differ an adapter may
   * send one request per input, in order of first appearance.
   */
  input?: "raw" | "user-entered";
}

/** One cell written together with its note (Sheets: `updateCells` with `userEnteredValue` and `note`). */
export interface NotedCellWrite {
  /** Tab name. */
  tab: string;
  /** Zero-based row index. */
  row: number;
  /** Zero-based column index. */
  column: number;
  value: CellValue;
  note: string;
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

  /** Writes raw values to several ranges in one call (all or nothing). */
  writeRanges(sheetId: string, writes: readonly RangeWrite[]): Promise<void>;

  /** Writes cells and their notes in one call (all or nothing). */
  writeCellsWithNotes(sheetId: string, cells: readonly NotedCellWrite[]): Promise<void>;

  /** Adds an empty tab (Sheets: `addSheet`). Fails if the title exists. */
  addTab(sheetId: string, title: string): Promise<void>;

  /**
   * Reads one tab of a link-shared workbook as CSV through the export URL, with no credentials
   * (the sync's `csv` method). Returns `undefined` when the tab does not exist.
   */
  exportCsv(sheetId: string, tab: string): Promise<string | undefined>;
}

import { resolve } from "node:path";
import type { NotedCellWrite, RangeWrite, Rows, Spreadsheets, ValueRender } from "../../ports/spreadsheet.ts";
import { toExportCsv } from "../../shared/csv.ts";
import { AppError } from "../../shared/errors.ts";
import { parseA1 } from "./a1.ts";
import { openRangeBoundOf } from "./engine.ts";
import { toStoredFormula } from "./formula-text.ts";
import {
  type CellWrite,
  type OpenWorkbook,
  openWorkbooks,
  rebuildEngine,
  worksheetOf,
  writeCells,
} from "./open-workbooks.ts";
import { renderTab } from "./render.ts";
import type { Constant } from "./stored-cell.ts";

/** Options of the local workbook adapter. */
export interface XlsxWorkbooksOptions {
  /** The folder holding `<sheetId>.xlsx` files. */
  dir: string;
  /** Receives one warning per workbook whose formulas the engine cannot all evaluate. */
  logger?: { warn(obj: object, msg: string): void };
}

/** The local spreadsheet adapter; `close()` frees the cached formula engines. */
export interface XlsxWorkbooks extends Spreadsheets {
  close(): void;
}

/**
 * The embedded spreadsheet adapter: `.xlsx` files in a folder, formulas recalculated with
 * HyperFormula as Google Sheets would (see `open-workbooks.ts` for the per-file queue and cache).
 * @example const sheets = createXlsxWorkbooks({ dir: "./local/workbooks", logger });
 */
export function createXlsxWorkbooks(options: XlsxWorkbooksOptions): XlsxWorkbooks {
  const workbooks = openWorkbooks(resolve(options.dir), options.logger);
  return {
    async readTabs(sheetId, tabs, render) {
      const entry = await workbooks.use(sheetId, (open) => open);
      return new Map(tabs.map((tab) => [tab, read(entry, tab, render)]));
    },

    listTabs(sheetId) {
      return workbooks.use(sheetId, (entry) => entry.workbook.worksheets.map((sheet) => sheet.name));
    },

    writeRanges(sheetId, writes: readonly RangeWrite[]) {
      return workbooks.change(sheetId, (entry) => {
        const canonical = (tab: string) => worksheetOf(entry, sheetId, tab).name;
        const raw = writes
          .filter((one) => (one.input ?? "raw") === "raw")
          .flatMap((one) => rangeCells(one, canonical));
        const entered = writes
          .filter((one) => one.input === "user-entered")
          .flatMap((one) => rangeCells(one, canonical));
        writeCells(entry, raw);
        if (entered.length === 0) return;
        // As a user types it: a text starting with "=" becomes a formula, stored the way Excel and
        // LibreOffice read it; the engine is rebuilt to evaluate it.
        const boundOf = openRangeBoundOf(entry.workbook);
        for (const cell of entered) {
          const target = entry.workbook.getWorksheet(cell.tab)!.getCell(cell.row + 1, cell.column + 1);
          const text = cell.value;
          target.value =
            typeof text === "string" && text.startsWith("=")
              ? { formula: toStoredFormula(text, cell.tab, boundOf) }
              : text;
        }
        rebuildEngine(entry);
      });
    },

    writeCellsWithNotes(sheetId, cells: readonly NotedCellWrite[]) {
      return workbooks.change(sheetId, (entry) => {
        const tabs = cells.map((cell) => worksheetOf(entry, sheetId, cell.tab));
        writeCells(
          entry,
          cells.map((cell, i) => ({
            tab: tabs[i]!.name,
            row: cell.row,
            column: cell.column,
            value: cell.value ?? "",
          })),
        );
        cells.forEach((cell, i) => {
          const target = tabs[i]!.getCell(cell.row + 1, cell.column + 1);
          target.note = cell.note === "" ? (undefined as unknown as string) : cell.note;
          // exceljs writes no comment for an empty cell: an empty text keeps the note, as Sheets keeps it.
          if (cell.note !== "" && target.value === null) target.value = "";
        });
      });
    },

    addTab(sheetId, title) {
      return workbooks.change(sheetId, (entry) => {
        const taken = entry.workbook.worksheets.some(
          (sheet) => sheet.name.toLowerCase() === title.toLowerCase(),
        );
        if (taken)
          throw new AppError("upstream_failure", `a tab named ${title} already exists in ${sheetId}`);
        try {
          entry.workbook.addWorksheet(title);
        } catch (error) {
          throw new AppError("upstream_failure", `cannot add tab ${title}: ${(error as Error).message}`);
        }
        // Formulas may already point at the new tab; a rebuild resolves them.
        rebuildEngine(entry);
      });
    },

    async exportCsv(sheetId, tab) {
      const rows = await workbooks.use(sheetId, (entry) => read(entry, tab, "formatted"));
      return rows === undefined ? undefined : toExportCsv(rows);
    },

    close: () => workbooks.close(),
  };
}

/** A tab's values as the Sheets API would render them, or `undefined` when the workbook has no such tab. */
function read(entry: OpenWorkbook, tab: string, render: ValueRender): Rows | undefined {
  const found = entry.workbook.getWorksheet(tab);
  return found ? renderTab(entry.engine, found, render) : undefined;
}

/** The cells of one range write; `null` skips a cell and `""` clears it, as with the Sheets API. */
function rangeCells(write: RangeWrite, canonicalTab: (tab: string) => string): CellWrite[] {
  const range = parseA1(write.range);
  const tab = canonicalTab(range.tab);
  const height = range.endRow === undefined ? Infinity : range.endRow - range.row + 1;
  const width = range.endColumn === undefined ? Infinity : range.endColumn - range.column + 1;
  if (write.values.length > height || write.values.some((row) => row.length > width)) {
    throw new AppError("upstream_failure", `the values do not fit the range ${write.range}`);
  }
  return write.values.flatMap((row, r) =>
    row.flatMap((value, c) =>
      value === null ? [] : [{ tab, row: range.row + r, column: range.column + c, value: value as Constant }],
    ),
  );
}

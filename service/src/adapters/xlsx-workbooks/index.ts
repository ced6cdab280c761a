import { resolve } from "node:path";
import type ExcelJS from "exceljs";
import type { NotedCellWrite, RangeWrite, Rows, Spreadsheets, ValueRender } from "../../ports/spreadsheet.ts";
import { parseA1 } from "../../shared/a1.ts";
import { toExportCsv } from "../../shared/csv.ts";
import { AppError } from "../../shared/errors.ts";
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
  const readTabs = async (sheetId: string, tabs: readonly string[], render: ValueRender) => {
    const entry = await workbooks.use(sheetId, (open) => open);
    return new Map(tabs.map((tab) => [tab, read(entry, tab, render)]));
  };
  return {
    readTabs,

    listTabs(sheetId) {
      return workbooks.use(sheetId, (entry) => entry.workbook.worksheets.map((sheet) => sheet.name));
    },

    // An .xlsx sheet has no grid to outgrow (up to 1,048,576 rows and 16,384 columns).
    writeRanges(sheetId, writes: readonly RangeWrite[]) {
      return workbooks.change(sheetId, (entry) => writeValues(entry, sheetId, writes));
    },

    createTab(sheetId, title, writes: readonly RangeWrite[]) {
      // The tab and its content are one change, so one file write: the tab exists whole or not at all.
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
        writeValues(entry, sheetId, writes);
      });
    },

    readTabForUpdate(sheetId, title) {
      // Both renders from one version of the file.
      return workbooks.use(sheetId, (entry) => {
        const formulas = read(entry, title, "formula");
        const values = read(entry, title, "unformatted");
        const worksheet = entry.workbook.getWorksheet(title);
        return formulas && values && worksheet
          ? { formulas, values, notes: notesOf(worksheet), tab: { title } }
          : undefined;
      });
    },

    writeCellsWithNotes(sheetId, tab, cells: readonly NotedCellWrite[]) {
      return workbooks.change(sheetId, (entry) => {
        const sheet = worksheetOf(entry, sheetId, tab.title);
        writeCells(
          entry,
          cells.map((cell) => ({
            tab: sheet.name,
            row: cell.row,
            column: cell.column,
            value: cell.value ?? "",
          })),
        );
        for (const cell of cells) {
          const target = sheet.getCell(cell.row + 1, cell.column + 1);
          target.note = cell.note === "" ? (undefined as unknown as string) : cell.note;
          // exceljs writes no comment for an empty cell: an empty text keeps the note, as Sheets keeps it.
          if (cell.note !== "" && target.value === null) target.value = "";
        }
      });
    },

    async exportCsv(sheetId, tabs) {
      const rows = await readTabs(sheetId, tabs, "formatted");
      return new Map(
        tabs.map((tab) => {
          const found = rows.get(tab);
          return [tab, found === undefined ? undefined : toExportCsv(found)];
        }),
      );
    },

    close: () => workbooks.close(),
  };
}

/**
 * Raw writes go through the engine; user-entered ones (the "not yet in" formula of a new tab) are
 * stored as typed, the way Excel and LibreOffice read them, and the engine is rebuilt to evaluate them.
 */
function writeValues(entry: OpenWorkbook, sheetId: string, writes: readonly RangeWrite[]): void {
  const canonical = (tab: string) => worksheetOf(entry, sheetId, tab).name;
  const raw = writes
    .filter((one) => (one.input ?? "raw") === "raw")
    .flatMap((one) => rangeCells(one, canonical));
  const entered = writes
    .filter((one) => one.input === "user-entered")
    .flatMap((one) => rangeCells(one, canonical));
  writeCells(entry, raw);
  if (entered.length === 0) return;
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
}

/** A tab's values as the Sheets API would render them, or `undefined` when the workbook has no such tab. */
function read(entry: OpenWorkbook, tab: string, render: ValueRender): Rows | undefined {
  const found = entry.workbook.getWorksheet(tab);
  return found ? renderTab(entry.engine, found, render) : undefined;
}

/** Each cell's note as text ("" where none): exceljs keeps a note as text, or as rich-text runs. */
function notesOf(worksheet: ExcelJS.Worksheet): string[][] {
  const notes: string[][] = [];
  worksheet.eachRow((row, r) => {
    row.eachCell((cell, c) => {
      const note = cell.note as ExcelJS.Comment | string | undefined;
      const text = typeof note === "string" ? note : (note?.texts?.map((run) => run.text).join("") ?? "");
      if (text === "") return;
      const line = notes[r - 1] ?? [];
      notes[r - 1] = line;
      while (line.length < c - 1) line.push("");
      line[c - 1] = text;
    });
  });
  return Array.from(notes, (line) => line ?? []);
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

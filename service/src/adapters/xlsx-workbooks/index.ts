import { resolve } from "node:path";
import type ExcelJS from "exceljs";
import type { NotedCellWrite, RangeWrite, Rows, Spreadsheets, ValueRender } from "../../ports/spreadsheet.ts";
import { toExportCsv } from "../../shared/csv.ts";
import { AppError } from "../../shared/errors.ts";
import { parseA1 } from "./a1.ts";
import { WorkbookEngine } from "./engine.ts";
import { renderTab } from "./render.ts";
import { createSerialQueue } from "./serial-queue.ts";
import type { Constant } from "./stored-cell.ts";
import { fileStamp, readWorkbookFile, writeWorkbookFile } from "./workbook-file.ts";

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

interface OpenWorkbook {
  workbook: ExcelJS.Workbook;
  engine: WorkbookEngine;
  stamp: string;
}

type CellWrite = { tab: string; row: number; column: number; value: Constant };

/**
 * The embedded spreadsheet adapter: `.xlsx` files in a folder, formulas recalculated with
 * HyperFormula as Google Sheets would. Every operation on one file runs in turn; a parsed workbook
 * and its engine are kept while the file's stamp is unchanged, so a hand edit is seen on the next call.
 * @example const sheets = createXlsxWorkbooks({ dir: "./local/workbooks", logger });
 */
export function createXlsxWorkbooks(options: XlsxWorkbooksOptions): XlsxWorkbooks {
  const dir = resolve(options.dir);
  const queue = createSerialQueue();
  const open = new Map<string, OpenWorkbook>();
  const warned = new Set<string>();

  function forget(sheetId: string): void {
    open.get(sheetId)?.engine.destroy();
    open.delete(sheetId);
  }

  async function current(sheetId: string): Promise<OpenWorkbook> {
    const stamp = await fileStamp(dir, sheetId);
    const cached = open.get(sheetId);
    if (cached && cached.stamp === stamp) return cached;
    forget(sheetId);
    const file = await readWorkbookFile(dir, sheetId);
    const entry = { ...file, engine: WorkbookEngine.build(file.workbook) };
    const { unsupported } = entry.engine;
    if (unsupported.length > 0 && !warned.has(sheetId)) {
      warned.add(sheetId);
      options.logger?.warn(
        { sheetId, count: unsupported.length, formulas: unsupported.slice(0, 10) },
        "local workbook has formulas the engine cannot evaluate; they read as their cached values",
      );
    }
    open.set(sheetId, entry);
    return entry;
  }

  /** Applies a change (validated first, so all or nothing) and saves; a failed save drops the cache. */
  function change(sheetId: string, apply: (entry: OpenWorkbook) => void): Promise<void> {
    return queue.run(sheetId, async () => {
      const entry = await current(sheetId);
      try {
        apply(entry);
        entry.stamp = await writeWorkbookFile(dir, sheetId, entry.workbook);
      } catch (error) {
        forget(sheetId);
        throw error;
      }
    });
  }

  function write(entry: OpenWorkbook, cells: CellWrite[]): void {
    if (!entry.engine.write(cells)) {
      entry.engine.destroy();
      entry.engine = WorkbookEngine.build(entry.workbook);
    }
  }

  function worksheet(entry: OpenWorkbook, sheetId: string, tab: string): ExcelJS.Worksheet {
    const found = entry.workbook.getWorksheet(tab);
    if (!found) throw new AppError("upstream_failure", `no tab ${tab} in workbook ${sheetId}`);
    return found;
  }

  function read(sheetId: string, tab: string, render: ValueRender): Promise<Rows | undefined> {
    return queue.run(sheetId, async () => {
      const entry = await current(sheetId);
      const found = entry.workbook.getWorksheet(tab);
      return found ? renderTab(entry.engine, found, render) : undefined;
    });
  }

  return {
    async readTabs(sheetId, tabs, render) {
      const entry = await queue.run(sheetId, () => current(sheetId));
      const result = new Map<string, Rows | undefined>();
      for (const tab of tabs) {
        const found = entry.workbook.getWorksheet(tab);
        result.set(tab, found ? renderTab(entry.engine, found, render) : undefined);
      }
      return result;
    },

    listTabs(sheetId) {
      return queue.run(sheetId, async () =>
        (await current(sheetId)).workbook.worksheets.map((sheet) => sheet.name),
      );
    },

    writeRanges(sheetId, writes: readonly RangeWrite[]) {
      return change(sheetId, (entry) => {
        const canonical = (tab: string) => worksheet(entry, sheetId, tab).name;
        const raw = writes
          .filter((one) => (one.input ?? "raw") === "raw")
          .flatMap((one) => rangeCells(one, canonical));
        const entered = writes
          .filter((one) => one.input === "user-entered")
          .flatMap((one) => rangeCells(one, canonical));
        write(entry, raw);
        if (entered.length === 0) return;
        // As a user types it: a text starting with "=" becomes a formula; the engine is rebuilt to evaluate it.
        for (const cell of entered) {
          const target = entry.workbook.getWorksheet(cell.tab)!.getCell(cell.row + 1, cell.column + 1);
          const text = cell.value;
          target.value = typeof text === "string" && text.startsWith("=") ? { formula: text.slice(1) } : text;
        }
        entry.engine.destroy();
        entry.engine = WorkbookEngine.build(entry.workbook);
      });
    },

    writeCellsWithNotes(sheetId, cells: readonly NotedCellWrite[]) {
      return change(sheetId, (entry) => {
        const tabs = cells.map((cell) => worksheet(entry, sheetId, cell.tab));
        write(
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
      return change(sheetId, (entry) => {
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
        entry.engine.destroy();
        entry.engine = WorkbookEngine.build(entry.workbook);
      });
    },

    async exportCsv(sheetId, tab) {
      const rows = await read(sheetId, tab, "formatted");
      return rows === undefined ? undefined : toExportCsv(rows);
    },

    close() {
      for (const sheetId of [...open.keys()]) forget(sheetId);
    },
  };
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

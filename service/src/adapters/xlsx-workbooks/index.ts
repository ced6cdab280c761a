import { resolve } from "node:path";
import type ExcelJS from "exceljs";
import type { NotedCellWrite, RangeWrite, Rows, Spreadsheets, ValueRender } from "../../ports/spreadsheet.ts";
import { parseA1 } from "../../shared/a1.ts";
import { AppError } from "../../shared/errors.ts";
import { toCsv } from "./csv.ts";
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

  async function readTabs(sheetId: string, tabs: readonly string[], render: ValueRender) {
    const entry = await queue.run(sheetId, () => current(sheetId));
    const result = new Map<string, Rows | undefined>();
    for (const tab of tabs) {
      const found = entry.workbook.getWorksheet(tab);
      result.set(tab, found ? renderTab(entry.engine, found, render) : undefined);
    }
    return result;
  }

  /** Raw writes go through the engine; user-entered ones (a formula in a new tab) are stored as typed. */
  function writeValues(entry: OpenWorkbook, sheetId: string, writes: readonly RangeWrite[]): void {
    const canonical = (tab: string) => worksheet(entry, sheetId, tab).name;
    write(
      entry,
      writes.filter((one) => (one.input ?? "raw") === "raw").flatMap((one) => rangeCells(one, canonical)),
    );
    const entered = writes
      .filter((one) => one.input === "user-entered")
      .flatMap((one) => rangeCells(one, canonical));
    if (entered.length === 0) return;
    // As a user types it: a text starting with "=" becomes a formula; the engine is rebuilt to evaluate it.
    for (const cell of entered) {
      const target = entry.workbook.getWorksheet(cell.tab)!.getCell(cell.row + 1, cell.column + 1);
      const text = cell.value;
      target.value = typeof text === "string" && text.startsWith("=") ? { formula: text.slice(1) } : text;
    }
    entry.engine.destroy();
    entry.engine = WorkbookEngine.build(entry.workbook);
  }

  return {
    readTabs,

    listTabs(sheetId) {
      return queue.run(sheetId, async () =>
        (await current(sheetId)).workbook.worksheets.map((sheet) => sheet.name),
      );
    },

    // An .xlsx sheet has no grid to outgrow (up to 1,048,576 rows and 16,384 columns).
    writeRanges(sheetId, writes: readonly RangeWrite[]) {
      return change(sheetId, (entry) => writeValues(entry, sheetId, writes));
    },

    createTab(sheetId, title, writes: readonly RangeWrite[]) {
      // The tab and its content are one change, so one file write: the tab exists whole or not at all.
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
        writeValues(entry, sheetId, writes);
      });
    },

    async readTabForUpdate(sheetId, title) {
      // Both renders from one version of the file.
      const entry = await queue.run(sheetId, () => current(sheetId));
      const found = entry.workbook.getWorksheet(title);
      if (!found) return undefined;
      const formulas = renderTab(entry.engine, found, "formula");
      return { formulas, values: renderTab(entry.engine, found, "unformatted"), tab: { title } };
    },

    writeCellsWithNotes(sheetId, tab, cells: readonly NotedCellWrite[]) {
      return change(sheetId, (entry) => {
        const sheet = worksheet(entry, sheetId, tab.title);
        write(
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
        }
      });
    },

    async exportCsv(sheetId, tabs) {
      const rows = await readTabs(sheetId, tabs, "formatted");
      return new Map(
        tabs.map((tab) => [tab, rows.get(tab) === undefined ? undefined : toCsv(rows.get(tab) ?? [])]),
      );
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

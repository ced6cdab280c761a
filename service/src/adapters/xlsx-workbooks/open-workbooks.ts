import type ExcelJS from "exceljs";
import { AppError } from "../../shared/errors.ts";
import { createSerialQueue } from "../../shared/serial-queue.ts";
import { WorkbookEngine } from "./engine.ts";
import type { Constant } from "./stored-cell.ts";
import { fileStamp, readWorkbookFile, writeWorkbookFile } from "./workbook-file.ts";

/** A workbook as parsed, its formula engine, and the stamp of the file it was read from. */
export interface OpenWorkbook {
  workbook: ExcelJS.Workbook;
  engine: WorkbookEngine;
  stamp: string;
}

/** One raw cell write into a tab (zero-based row and column). */
export type CellWrite = { tab: string; row: number; column: number; value: Constant };

/**
 * The parsed workbooks of one folder. Every operation on one file runs in turn; a parsed workbook
 * and its engine are kept while the file's stamp is unchanged, so a hand edit is seen on the next call.
 * @example const open = openWorkbooks(dir, logger); const names = await open.use(id, (wb) => wb.workbook.worksheets.length);
 */
export function openWorkbooks(dir: string, logger?: { warn(obj: object, msg: string): void }) {
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
      logger?.warn(
        { sheetId, count: unsupported.length, formulas: unsupported.slice(0, 10) },
        "local workbook has formulas the engine cannot evaluate; they read as their cached values",
      );
    }
    open.set(sheetId, entry);
    return entry;
  }

  return {
    /** Runs `task` on the workbook as its file is now, alone on that file. */
    use<T>(sheetId: string, task: (entry: OpenWorkbook) => T): Promise<T> {
      return queue.run(sheetId, async () => task(await current(sheetId)));
    },

    /** Applies a change (validated first, so all or nothing) and saves; a failed save drops the cache. */
    change(sheetId: string, apply: (entry: OpenWorkbook) => void): Promise<void> {
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
    },

    /** Frees every cached engine. */
    close(): void {
      for (const sheetId of [...open.keys()]) forget(sheetId);
    },
  };
}

/** Writes raw values and recalculates; rebuilds the engine when a write went past an open range's end. */
export function writeCells(entry: OpenWorkbook, cells: CellWrite[]): void {
  if (!entry.engine.write(cells)) rebuildEngine(entry);
}

/** Builds the engine again from the workbook (new formulas, a new tab). */
export function rebuildEngine(entry: OpenWorkbook): void {
  entry.engine.destroy();
  entry.engine = WorkbookEngine.build(entry.workbook);
}

/** A tab of the workbook, or the upstream's refusal when it has none. */
export function worksheetOf(entry: OpenWorkbook, sheetId: string, tab: string): ExcelJS.Worksheet {
  const found = entry.workbook.getWorksheet(tab);
  if (!found) throw new AppError("upstream_failure", `no tab ${tab} in workbook ${sheetId}`);
  return found;
}

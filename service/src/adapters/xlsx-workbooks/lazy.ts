/**
 * The local workbook adapter, loaded on its first call: ExcelJS and HyperFormula (about 0.6 s of
 * loading) stay out of the service's start, and out of every process that never reads a local
 * workbook (a service on Google Sheets, a test on the fakes).
 */
import { loadedOnce } from "../../shared/loaded-once.ts";
import type { XlsxWorkbooks, XlsxWorkbooksOptions } from "./index.ts";

/** @example const sheets = lazyXlsxWorkbooks({ dir: "./local/workbooks", logger }); */
export function lazyXlsxWorkbooks(options: XlsxWorkbooksOptions): XlsxWorkbooks {
  let loaded: XlsxWorkbooks | undefined;
  const adapter = loadedOnce(async () => {
    loaded = (await import("./index.ts")).createXlsxWorkbooks(options);
    return loaded;
  });
  return {
    readTabs: async (...args) => (await adapter()).readTabs(...args),
    listTabs: async (...args) => (await adapter()).listTabs(...args),
    writeRanges: async (...args) => (await adapter()).writeRanges(...args),
    createTab: async (...args) => (await adapter()).createTab(...args),
    readTabForUpdate: async (...args) => (await adapter()).readTabForUpdate(...args),
    writeCellsWithNotes: async (...args) => (await adapter()).writeCellsWithNotes(...args),
    exportCsv: async (...args) => (await adapter()).exportCsv(...args),
    close: () => loaded?.close(),
  };
}

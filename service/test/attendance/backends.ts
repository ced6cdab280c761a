import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGoogleSheets } from "../../src/adapters/google-sheets/index.ts";
import { createXlsxWorkbooks, type XlsxWorkbooks } from "../../src/adapters/xlsx-workbooks/index.ts";
import type { Rows, Spreadsheets } from "../../src/ports/spreadsheet.ts";
import { type SheetsApiFake, startSheetsApiFake } from "../fakes/sheets-api-fake.ts";
import { readWorkbookCell, type TestCell, writeWorkbook } from "../support/workbooks.ts";

/** One cell as a backend stores it: its value (a formula's computed value may be absent) and formula. */
export interface StoredAttendanceCell {
  value: unknown;
  formula: string | undefined;
}

/**
 * One spreadsheet backend of the attendance tests: the local `.xlsx` adapter, or the Google
 * adapter over the Sheets API fake. `adapter()` makes a new adapter instance (a new "instance"
 * of the service) for the backends where instances can share a workbook.
 */
export interface Backend {
  name: "local" | "sheets-fake";
  seed(sheetId: string, tabs: Record<string, TestCell[][]>): Promise<void>;
  adapter(): Spreadsheets;
  /** The tab as read back through a fresh adapter (formatted values). */
  tab(sheetId: string, tab: string): Promise<Rows | undefined>;
  cell(sheetId: string, tab: string, a1: string): Promise<StoredAttendanceCell>;
  /** Requests the fake received (sheets-fake only). Its adapters have no fetch timeout, so a hung request hangs. */
  fake?: SheetsApiFake;
  close(): Promise<void>;
}

export const TOKEN = "attendance-test-token";

async function localBackend(): Promise<Backend> {
  const dir = await mkdtemp(join(tmpdir(), "tops-attendance-"));
  // One machine, one folder: instances in local mode share the one adapter, which serialises each file.
  const shared: XlsxWorkbooks = createXlsxWorkbooks({ dir });
  return {
    name: "local",
    seed: (sheetId, tabs) => writeWorkbook(dir, sheetId, tabs),
    adapter: () => shared,
    async tab(sheetId, tab) {
      const fresh = createXlsxWorkbooks({ dir });
      try {
        return (await fresh.readTabs(sheetId, [tab], "formatted")).get(tab);
      } finally {
        fresh.close();
      }
    },
    async cell(sheetId, tab, a1) {
      const stored = await readWorkbookCell(dir, sheetId, tab, a1);
      return { value: stored.formula === undefined ? stored.value : stored.result, formula: stored.formula };
    },
    async close() {
      shared.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function a1Index(a1: string): { row: number; column: number } {
  const match = /^([A-Z]+)(\d+)$/.exec(a1);
  if (!match) throw new Error(`bad cell ${a1}`);
  let column = 0;
  for (const letter of match[1] ?? "") column = column * 26 + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 1, column: column - 1 };
}

async function fakeBackend(): Promise<Backend> {
  const fake = await startSheetsApiFake({ tokens: [TOKEN] });
  const adapter = () =>
    createGoogleSheets({
      apiUrl: fake.url,
      backoffBaseMs: 5,
      exportUrl: fake.url,
      fetchTimeoutMs: 0,
      accessToken: TOKEN,
      retryDelayMs: 5,
    });
  return {
    name: "sheets-fake",
    fake,
    async seed(sheetId, tabs) {
      fake.setWorkbook(
        sheetId,
        Object.fromEntries(
          Object.entries(tabs).map(([title, rows]) => [
            title,
            rows.map((row) =>
              row.map((cell) =>
                typeof cell === "string" && cell.startsWith("=") ? { formula: cell, value: null } : cell,
              ),
            ),
          ]),
        ),
      );
    },
    adapter,
    async tab(sheetId, tab) {
      const before = fake.requests.length;
      const rows = (await adapter().readTabs(sheetId, [tab], "formatted")).get(tab);
      fake.requests.splice(before);
      return rows;
    },
    async cell(sheetId, tab, a1) {
      const { row, column } = a1Index(a1);
      const stored = fake.cell(sheetId, tab, row, column);
      return { value: stored?.value ?? null, formula: stored?.formula };
    },
    close: () => fake.close(),
  };
}

/** Both backends, for `for (const make of BACKENDS) describe(...)` suites. */
export const BACKENDS: ReadonlyArray<{ name: Backend["name"]; start: () => Promise<Backend> }> = [
  { name: "local", start: localBackend },
  { name: "sheets-fake", start: fakeBackend },
];

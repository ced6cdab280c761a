import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGoogleSheets } from "../../src/adapters/google-sheets/index.ts";
import { createXlsxWorkbooks } from "../../src/adapters/xlsx-workbooks/index.ts";
import type { CellValue, Spreadsheets } from "../../src/ports/spreadsheet.ts";
import { type SheetsApiFake, startSheetsApiFake } from "../fakes/sheets-api-fake.ts";
import type { SeedCell } from "../fakes/sheets-workbook-model.ts";
import { readWorkbookCell, type TestCell, writeWorkbook } from "../support/workbooks.ts";

/** A cell as a backend stores it, for assertions: its value (formula result), formula and note. */
export interface BackendCell {
  value: CellValue;
  formula: string | undefined;
  note: string | undefined;
}

/**
 * A spreadsheet backend for the score-entry suites: the local `.xlsx` adapter over a temp folder,
 * or the Google Sheets adapter over the Sheets API fake. Seeds take rows where a string starting
 * with `=` is a formula.
 * @example const backend = await localBackend(); await backend.seed("open-hall-a", { SCHEDULE: rows });
 */
export interface WorkbookBackend {
  name: string;
  spreadsheets: Spreadsheets;
  seed(sheetId: string, tabs: Record<string, TestCell[][]>): Promise<void>;
  /** One stored cell by zero-based row and column. */
  cell(sheetId: string, tab: string, row: number, column: number): Promise<BackendCell>;
  /**
   * Whether a note survives on a cleared cell. Google Sheets keeps it; the local `.xlsx` adapter
   * loses it today (exceljs writes no comment for an empty cell; reported to the adapter's owner).
   */
  keepsNotesOnEmptyCells: boolean;
  /** The Sheets API fake, when this backend runs over it. */
  fake?: SheetsApiFake;
  close(): Promise<void>;
}

const columnLetters = (column: number) => String.fromCharCode(65 + column);

/** The local mode: `.xlsx` files written with exceljs, read through `createXlsxWorkbooks`. */
export async function localBackend(): Promise<WorkbookBackend> {
  const dir = await mkdtemp(join(tmpdir(), "tops-scores-"));
  const spreadsheets = createXlsxWorkbooks({ dir });
  return {
    name: "local xlsx workbooks",
    spreadsheets,
    keepsNotesOnEmptyCells: false,
    seed: (sheetId, tabs) => writeWorkbook(dir, sheetId, tabs),
    async cell(sheetId, tab, row, column) {
      const stored = await readWorkbookCell(dir, sheetId, tab, `${columnLetters(column)}${row + 1}`);
      const value = stored.value instanceof Date ? stored.value.toISOString() : stored.value;
      return { value: value === "" ? null : value, formula: stored.formula, note: stored.note };
    },
    async close() {
      spreadsheets.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Production's adapter over the in-repo Sheets API v4 fake. */
export async function sheetsFakeBackend(options: { latencyMs?: number } = {}): Promise<WorkbookBackend> {
  const fake = await startSheetsApiFake({ tokens: ["test-token"] });
  if (options.latencyMs) fake.setLatency(options.latencyMs);
  const spreadsheets = createGoogleSheets({
    apiUrl: fake.url,
    backoffBaseMs: 5,
    exportUrl: fake.url,
    fetchTimeoutMs: 10_000,
    accessToken: "test-token",
    retryDelayMs: 10,
  });
  const toSeed = (cell: TestCell): SeedCell =>
    typeof cell === "string" && cell.startsWith("=") ? { formula: cell, value: null } : cell;
  return {
    name: "Google Sheets adapter over the Sheets API fake",
    spreadsheets,
    keepsNotesOnEmptyCells: true,
    fake,
    async seed(sheetId, tabs) {
      fake.setWorkbook(
        sheetId,
        Object.fromEntries(
          Object.entries(tabs).map(([tab, rows]) => [tab, rows.map((row) => row.map(toSeed))]),
        ),
      );
    },
    async cell(sheetId, tab, row, column) {
      const stored = fake.cell(sheetId, tab, row, column);
      const value = stored?.value ?? null;
      return { value: value === "" ? null : value, formula: stored?.formula, note: stored?.note };
    },
    close: () => fake.close(),
  };
}

/** Both backends, for suites that must hold in local mode and in production. */
export const BACKENDS = [localBackend, sheetsFakeBackend] as const;

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGoogleSheets } from "../../src/adapters/google-sheets/index.ts";
import { createXlsxWorkbooks } from "../../src/adapters/xlsx-workbooks/index.ts";
import type { CellValue, Spreadsheets } from "../../src/ports/spreadsheet.ts";
import { startSheetsApiFake } from "../fakes/sheets-api-fake.ts";
import { fixedToken } from "../support/sheets-credentials.ts";
import { readWorkbookCell, writeWorkbook } from "../support/workbooks.ts";

/** A fixture cell: a plain value, or a formula with the value both services must show for it. */
export type ContractCell = CellValue | { formula: string; value: CellValue };

/** One spreadsheet adapter made ready for the contract. */
export interface SpreadsheetsUnderTest {
  sheets: Spreadsheets;
  /**
   * Creates or replaces a workbook behind the adapter's back; `grids` sizes a tab's grid where
   * the service has one (Google Sheets; an .xlsx sheet has no grid to outgrow).
   */
  seed(
    sheetId: string,
    tabs: Record<string, ContractCell[][]>,
    grids?: Record<string, { rows: number; columns: number }>,
  ): Promise<void>;
  /** The note stored on a cell (zero-based), read from the service itself. */
  noteAt(sheetId: string, tab: string, row: number, column: number): Promise<string | undefined>;
  close(): Promise<void>;
}

function a1(row: number, column: number): string {
  let letters = "";
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

/** The matrix: every adapter of the spreadsheet port (the unjs/h3 `_setup.ts` pattern). */
export const spreadsheetAdapters: { name: string; start(): Promise<SpreadsheetsUnderTest> }[] = [
  {
    name: "local .xlsx workbooks",
    async start() {
      const dir = await mkdtemp(join(tmpdir(), "xlsx-contract-"));
      const sheets = createXlsxWorkbooks({ dir });
      return {
        sheets,
        seed: (sheetId, tabs) =>
          writeWorkbook(
            dir,
            sheetId,
            Object.fromEntries(
              Object.entries(tabs).map(([tab, rows]) => [
                tab,
                rows.map((row) =>
                  row.map((cell) => (cell !== null && typeof cell === "object" ? cell.formula : cell)),
                ),
              ]),
            ),
          ),
        noteAt: async (sheetId, tab, row, column) =>
          (await readWorkbookCell(dir, sheetId, tab, a1(row, column))).note,
        async close() {
          sheets.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "Google Sheets API v4 (fake)",
    async start() {
      const fake = await startSheetsApiFake({ tokens: ["sa-token"], apiKeys: ["read-key"] });
      const sheets = createGoogleSheets({
        apiUrl: fake.url,
        backoffBaseMs: 5,
        exportUrl: fake.url,
        fetchTimeoutMs: 10_000,
        apiKey: "read-key",
        credentials: fixedToken("sa-token"),
        retryDelayMs: 10,
      });
      return {
        sheets,
        seed: async (sheetId, tabs, grids) => fake.setWorkbook(sheetId, tabs, {}, grids),
        noteAt: async (sheetId, tab, row, column) => fake.cell(sheetId, tab, row, column)?.note,
        close: () => fake.close(),
      };
    },
  },
];

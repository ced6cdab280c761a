import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { createGitHubContents } from "../../src/adapters/github-contents/index.ts";
import { createGoogleSheets } from "../../src/adapters/google-sheets/index.ts";
import { createXlsxWorkbooks } from "../../src/adapters/xlsx-workbooks/index.ts";
import { lazyXlsxWorkbooks } from "../../src/adapters/xlsx-workbooks/lazy.ts";
import type { DataRepository } from "../../src/ports/data-repository.ts";
import type { CellValue, Rows, Spreadsheets } from "../../src/ports/spreadsheet.ts";
import { columnIndex } from "../../src/shared/a1.ts";
import { startGitHubApiFake } from "../fakes/github-api-fake.ts";
import { type SheetsApiFake, startSheetsApiFake } from "../fakes/sheets-api-fake.ts";
import { readWorkbookCell, type TestCell, writeWorkbook } from "./workbooks.ts";

/**
 * The one backend matrix (the unjs/h3 `_setup.ts` pattern): every suite that must hold in local
 * mode and in production runs once over each adapter of the port, and fails where they differ.
 *
 * @example
 * for (const { name, start } of SPREADSHEET_BACKENDS) describe(`marks (${name})`, () => { … });
 */

/** A seeded cell: a value, a string starting with `=` (a formula), or a formula with the value the fake shows for it. */
export type SeedCell = TestCell | { formula: string; value: CellValue };

/** One cell as the backend stores it. */
export interface StoredCell {
  /** The value, or a formula's result where the backend keeps one; an empty cell is `null`. */
  value: unknown;
  formula: string | undefined;
  note: string | undefined;
}

/** One adapter of the spreadsheet port over workbooks a test seeds behind its back. */
export interface SpreadsheetBackend {
  name: "local" | "sheets-fake";
  /** The adapter under test. */
  spreadsheets: Spreadsheets;
  /** An adapter of another instance of the service over the same workbooks. */
  adapter(): Spreadsheets;
  /**
   * Creates or replaces a workbook behind the adapter's back; `grids` sizes a tab's grid where the
   * service has one (Google Sheets; an .xlsx sheet has no grid to outgrow).
   */
  seed(
    sheetId: string,
    tabs: Record<string, SeedCell[][]>,
    grids?: Record<string, { rows: number; columns: number }>,
  ): Promise<void>;
  /** A tab as read back through a fresh adapter (formatted values). */
  tab(sheetId: string, tab: string): Promise<Rows | undefined>;
  cell(sheetId: string, tab: string, a1: string): Promise<StoredCell>;
  /** The Sheets API fake, on that backend: its request log, faults and latency. */
  fake?: SheetsApiFake;
  close(): Promise<void>;
}

const TOKEN = "backend-test-token";

const empty = (value: unknown) => (value === "" || value === undefined ? null : value);

async function localSpreadsheets(): Promise<SpreadsheetBackend> {
  const dir = await mkdtemp(join(tmpdir(), "tops-workbooks-"));
  // One machine, one folder: instances in local mode share the one adapter, which serialises each
  // file. Loaded on its first call, as the service's own (`createAdapters`).
  const spreadsheets = lazyXlsxWorkbooks({ dir });
  return {
    name: "local",
    spreadsheets,
    adapter: () => spreadsheets,
    seed: (sheetId, tabs) =>
      writeWorkbook(
        dir,
        sheetId,
        Object.fromEntries(
          Object.entries(tabs).map(([tab, rows]) => [
            tab,
            rows.map((row) =>
              row.map((cell) =>
                cell !== null && typeof cell === "object" ? `=${cell.formula.replace(/^=/, "")}` : cell,
              ),
            ),
          ]),
        ),
      ),
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
      const value = stored.formula === undefined ? stored.value : stored.result;
      return {
        value: empty(value instanceof Date ? value.toISOString() : value),
        formula: stored.formula,
        note: stored.note,
      };
    },
    async close() {
      spreadsheets.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function sheetsFake(options: { latencyMs?: number }): Promise<SpreadsheetBackend> {
  const fake = await startSheetsApiFake({ tokens: [TOKEN], apiKeys: ["read-key"] });
  if (options.latencyMs) fake.setLatency(options.latencyMs);
  const adapter = () =>
    createGoogleSheets({
      apiUrl: fake.url,
      backoffBaseMs: 5,
      exportUrl: fake.url,
      fetchTimeoutMs: 10_000,
      accessToken: TOKEN,
      apiKey: "read-key",
      retryDelayMs: 5,
    });
  return {
    name: "sheets-fake",
    spreadsheets: adapter(),
    adapter,
    fake,
    async seed(sheetId, tabs, grids) {
      fake.setWorkbook(
        sheetId,
        Object.fromEntries(
          Object.entries(tabs).map(([tab, rows]) => [
            tab,
            rows.map((row) =>
              row.map((cell) =>
                typeof cell === "string" && cell.startsWith("=") ? { formula: cell, value: null } : cell,
              ),
            ),
          ]),
        ),
        {},
        grids,
      );
    },
    async tab(sheetId, tab) {
      const before = fake.requests.length;
      const rows = (await adapter().readTabs(sheetId, [tab], "formatted")).get(tab);
      fake.requests.splice(before);
      return rows;
    },
    async cell(sheetId, tab, a1) {
      const match = /^([A-Z]+)(\d+)$/.exec(a1);
      if (!match) throw new Error(`bad cell ${a1}`);
      const stored = fake.cell(sheetId, tab, Number(match[2]) - 1, columnIndex(match[1] as string));
      return { value: empty(stored?.value ?? null), formula: stored?.formula, note: stored?.note };
    },
    close: () => fake.close(),
  };
}

/** Every adapter of the spreadsheet port. */
export const SPREADSHEET_BACKENDS: ReadonlyArray<{
  name: SpreadsheetBackend["name"];
  start(options?: { latencyMs?: number }): Promise<SpreadsheetBackend>;
}> = [
  { name: "local", start: localSpreadsheets },
  { name: "sheets-fake", start: (options = {}) => sheetsFake(options) },
];

/** One adapter of the data-repository port, with a way to seed files behind its back. */
export interface RepositoryBackend {
  repository: DataRepository;
  seed(path: string, content: string): Promise<void>;
  /** Requests that reached the remote service so far (0 for a local adapter). */
  requests(): number;
  close(): Promise<void>;
}

/** Every adapter of the data-repository port. */
export const REPOSITORY_BACKENDS: ReadonlyArray<{ name: string; start(): Promise<RepositoryBackend> }> = [
  {
    name: "data folder",
    async start() {
      const dir = await mkdtemp(join(tmpdir(), "tops-data-folder-"));
      return {
        repository: createDataFolder(dir),
        async seed(path, content) {
          await mkdir(dirname(join(dir, path)), { recursive: true });
          await writeFile(join(dir, path), content, "utf8");
        },
        requests: () => 0,
        close: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "GitHub Contents API (fake)",
    async start() {
      const fake = await startGitHubApiFake({ repo: "acme/tournament-data", token: "repo-token" });
      return {
        repository: createGitHubContents({
          repo: "acme/tournament-data",
          branch: "main",
          token: "repo-token",
          apiUrl: fake.url,
        }),
        seed: async (path, content) => fake.setFile(path, content),
        requests: () => fake.count(),
        close: () => fake.close(),
      };
    },
  },
];

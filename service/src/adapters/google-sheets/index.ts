import type { CellValue, NotedCellWrite, Rows, Spreadsheets, ValueRender } from "../../ports/spreadsheet.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { defaultSheetsCredentials, type SheetsCredentials } from "./credentials.ts";
import { exportTabCsv } from "./export-csv.ts";
import { createSheetsHttp } from "./sheets-http.ts";
import { createTabDirectory } from "./tab-directory.ts";

export { defaultSheetsCredentials, type SheetsCredentials } from "./credentials.ts";
export { SheetsAccessError } from "./sheets-access-error.ts";

export interface GoogleSheetsOptions {
  /** Sheets API root, such as `https://sheets.googleapis.com`. */
  apiUrl: string;
  /** Root of the link-shared CSV export, such as `https://docs.google.com`. */
  exportUrl: string;
  /** Bound on every call in milliseconds; 0 = none. */
  fetchTimeoutMs: number;
  /** `SHEETS_ACCESS_TOKEN`: development override of the service account's token. */
  accessToken?: string;
  /** `SHEETS_API_KEY`: read-only fallback. */
  apiKey?: string;
  /** Named in the share-with message when the credentials do not name the account. */
  serviceAccountEmail?: string;
  /** Replaces the token source (tests); default: the override token or Application Default Credentials. */
  credentials?: SheetsCredentials;
  /** Pause before the one retry of a 429; default 1000. */
  retryDelayMs?: number;
  logger?: { warn(obj: object, msg: string): void };
  clock?: Clock;
}

/** The spec's pause before the one retry of a 429. */
export const RETRY_DELAY_MS = 1000;

const RENDER: Record<ValueRender, string> = {
  formatted: "FORMATTED_VALUE",
  unformatted: "UNFORMATTED_VALUE",
  formula: "FORMULA",
};

/** A tab name as an A1 range that means the whole tab. */
export function quoteTab(title: string): string {
  return `'${title.replaceAll("'", "''")}'`;
}

function enteredValue(value: CellValue): object | undefined {
  if (value === null) return undefined;
  if (typeof value === "number") return { numberValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  return { stringValue: value };
}

function updateCellRequest(cell: NotedCellWrite, id: number | undefined) {
  if (id === undefined) throw new AppError("upstream_failure", `the workbook has no tab "${cell.tab}"`);
  return {
    updateCells: {
      start: { sheetId: id, rowIndex: cell.row, columnIndex: cell.column },
      rows: [{ values: [{ userEnteredValue: enteredValue(cell.value), note: cell.note }] }],
      fields: "userEnteredValue,note",
    },
  };
}

/**
 * The spreadsheet port over the Google Sheets API v4 with plain `fetch`. One `readTabs` is one
 * `values:batchGet`; a missing tab costs one tab listing and one re-read, and reads as `undefined`.
 * @example
 * const sheets = createGoogleSheets({ ...config.sheets, logger });
 * const tabs = await sheets.readTabs(sheetId, ["CSV", "STANDINGSCSV"], "formatted");
 */
export function createGoogleSheets(options: GoogleSheetsOptions): Spreadsheets {
  const now = () => (options.clock ?? Date).now();
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  const http = createSheetsHttp({
    apiUrl: options.apiUrl,
    apiKey: options.apiKey,
    fetchTimeoutMs: options.fetchTimeoutMs,
    retryDelayMs,
    credentials: options.credentials ?? defaultSheetsCredentials(options.accessToken),
    serviceAccountEmail: options.serviceAccountEmail,
    logger: options.logger,
  });
  const tabs = createTabDirectory(http, now);

  function batchGet(sheetId: string, titles: readonly string[], render: ValueRender) {
    const query: [string, string][] = titles.map((title) => ["ranges", quoteTab(title)]);
    query.push(["valueRenderOption", RENDER[render]], ["majorDimension", "ROWS"]);
    return http.send({ method: "GET", sheetId, path: "/values:batchGet", query });
  }

  const rowsOf = (json: unknown): Rows[] =>
    ((json as { valueRanges?: { values?: Rows }[] }).valueRanges ?? []).map((range) => range.values ?? []);

  return {
    async readTabs(sheetId, wanted, render) {
      const unique = [...new Set(wanted)];
      const found = new Map<string, Rows>();
      if (unique.length > 0) {
        const answer = await batchGet(sheetId, unique, render);
        let read = unique;
        let json = answer.json;
        if (answer.status === 400) {
          if (!/unable to parse range/i.test(answer.upstreamMessage)) {
            throw new AppError("upstream_failure", "the spreadsheet service refused the read (HTTP 400)");
          }
          const existing = new Set(await tabs.titles(sheetId));
          read = unique.filter((title) => existing.has(title));
          json = { valueRanges: [] };
          if (read.length > 0) {
            const again = await batchGet(sheetId, read, render);
            if (again.status === 400)
              throw new AppError("upstream_failure", "the spreadsheet service refused the read (HTTP 400)");
            json = again.json;
          }
        }
        rowsOf(json).forEach((rows, index) => {
          found.set(read[index] ?? "", rows);
        });
      }
      return new Map(wanted.map((title) => [title, found.get(title)]));
    },

    listTabs: (sheetId) => tabs.titles(sheetId),

    async writeRanges(sheetId, writes) {
      // One request per input option (the port's rule); in practice every call has one.
      const inputs = [...new Set(writes.map((write) => write.input ?? "raw"))];
      for (const input of inputs) {
        const data = writes
          .filter((write) => (write.input ?? "raw") === input)
          .map(({ range, values }) => ({ range, majorDimension: "ROWS", values }));
        const valueInputOption = input === "raw" ? "RAW" : "USER_ENTERED";
        await http.json({
          method: "POST",
          sheetId,
          path: "/values:batchUpdate",
          body: { valueInputOption, data },
        });
      }
    },

    async writeCellsWithNotes(sheetId, cells) {
      if (cells.length === 0) return;
      // A cached tab id can be stale (tab deleted and added again): refresh once and resend.
      for (let attempt = 0; attempt < 2; attempt++) {
        const ids = await tabs.ids(sheetId, [...new Set(cells.map((cell) => cell.tab))]);
        const requests = cells.map((cell) => updateCellRequest(cell, ids.get(cell.tab)));
        const answer = await http.send({ method: "POST", sheetId, path: ":batchUpdate", body: { requests } });
        if (answer.status !== 400) return;
        tabs.forget(sheetId);
        if (!/no grid with id/i.test(answer.upstreamMessage)) break;
      }
      throw new AppError("upstream_failure", "the spreadsheet service refused the cell update (HTTP 400)");
    },

    async addTab(sheetId, title) {
      const body = { requests: [{ addSheet: { properties: { title } } }] };
      const answer = await http.send({ method: "POST", sheetId, path: ":batchUpdate", body });
      tabs.forget(sheetId);
      if (answer.status === 400) {
        const exists = /already exists/i.test(answer.upstreamMessage);
        throw new AppError(
          "upstream_failure",
          exists
            ? `the workbook already has a tab "${title}"`
            : "the spreadsheet service refused the new tab (HTTP 400)",
        );
      }
    },

    exportCsv: (sheetId, tab) =>
      exportTabCsv(options.exportUrl, sheetId, tab, options.fetchTimeoutMs, retryDelayMs),
  };
}

import type { Rows, Spreadsheets, ValueRender } from "../../ports/spreadsheet.ts";
import { AppError } from "../../shared/errors.ts";
import { defaultSheetsCredentials, type SheetsCredentials } from "./credentials.ts";
import { exportTabCsv } from "./export-csv.ts";
import { BACKOFF_BASE_MS, RETRY_DELAY_MS, type RetryPolicy } from "./retry-policy.ts";
import { createSheetsHttp } from "./sheets-http.ts";
import { listTabProperties } from "./tab-directory.ts";
import { createTabWrites, quoteTab } from "./tab-writes.ts";

export { defaultSheetsCredentials, type SheetsCredentials } from "./credentials.ts";
export { MAX_TRIES, RETRY_DELAY_MS } from "./retry-policy.ts";
export { SheetsAccessError } from "./sheets-access-error.ts";

export interface GoogleSheetsOptions {
  /** Sheets API root, such as `https://sheets.googleapis.com`. */
  apiUrl: string;
  /** Root of the link-shared CSV export, such as `https://docs.google.com`. */
  exportUrl: string;
  /** The time budget of one call, every retry and pause included; 0 = none. */
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
  /** The first backoff ceiling after a 5xx or a reset; default 500. */
  backoffBaseMs?: number;
  /** Replace the waits and the jitter between retries (tests). */
  pause?: RetryPolicy["pause"];
  random?: RetryPolicy["random"];
  logger?: { warn(obj: object, msg: string): void };
}

const RENDER: Record<ValueRender, string> = {
  formatted: "FORMATTED_VALUE",
  unformatted: "UNFORMATTED_VALUE",
  formula: "FORMULA",
};

/**
 * The spreadsheet port over the Google Sheets API v4 with plain `fetch`. One `readTabs` is one
 * `values:batchGet`; a missing tab costs one tab listing and one re-read, and reads as `undefined`.
 * Tabs are found by title at the time of each call: no tab id is ever cached.
 * @example
 * const sheets = createGoogleSheets({ ...config.sheets, logger });
 * const tabs = await sheets.readTabs(sheetId, ["CSV", "STANDINGSCSV"], "formatted");
 */
export function createGoogleSheets(options: GoogleSheetsOptions): Spreadsheets {
  const retries = {
    retryDelayMs: options.retryDelayMs ?? RETRY_DELAY_MS,
    backoffBaseMs: options.backoffBaseMs ?? BACKOFF_BASE_MS,
    pause: options.pause,
    random: options.random,
  };
  const http = createSheetsHttp({
    ...retries,
    apiUrl: options.apiUrl,
    apiKey: options.apiKey,
    fetchTimeoutMs: options.fetchTimeoutMs,
    credentials: options.credentials ?? defaultSheetsCredentials(options),
    serviceAccountEmail: options.serviceAccountEmail,
    logger: options.logger,
  });
  const writes = createTabWrites(http);

  function batchGet(sheetId: string, titles: readonly string[], render: ValueRender) {
    const query: [string, string][] = titles.map((title) => ["ranges", quoteTab(title)]);
    query.push(["valueRenderOption", RENDER[render]], ["majorDimension", "ROWS"]);
    return http.send({ method: "GET", sheetId, path: "/values:batchGet", query });
  }

  const rowsOf = (json: unknown): Rows[] =>
    ((json as { valueRanges?: { values?: Rows }[] }).valueRanges ?? []).map((range) => range.values ?? []);
  const refusedRead = () =>
    new AppError("upstream_failure", "the spreadsheet service refused the read (HTTP 400)");

  return {
    async readTabs(sheetId, wanted, render) {
      const unique = [...new Set(wanted)];
      const found = new Map<string, Rows>();
      if (unique.length > 0) {
        const answer = await batchGet(sheetId, unique, render);
        let read = unique;
        let json = answer.json;
        if (answer.status === 400) {
          if (!/unable to parse range/i.test(answer.upstreamMessage)) throw refusedRead();
          const existing = new Set((await listTabProperties(http, sheetId)).map((tab) => tab.title));
          read = unique.filter((title) => existing.has(title));
          json = { valueRanges: [] };
          if (read.length > 0) {
            const again = await batchGet(sheetId, read, render);
            if (again.status === 400) throw refusedRead();
            json = again.json;
          }
        }
        rowsOf(json).forEach((rows, index) => {
          found.set(read[index] ?? "", rows);
        });
      }
      return new Map(wanted.map((title) => [title, found.get(title)]));
    },

    listTabs: async (sheetId) => (await listTabProperties(http, sheetId)).map((tab) => tab.title),
    writeRanges: writes.writeRanges,
    createTab: writes.createTab,
    readTabForUpdate: writes.readTabForUpdate,
    writeCellsWithNotes: writes.writeCellsWithNotes,

    async exportCsv(sheetId, titles) {
      // One listing for the tab ids, then the exports side by side.
      const tabs = await listTabProperties(http, sheetId);
      const exportOptions = {
        ...retries,
        exportUrl: options.exportUrl,
        fetchTimeoutMs: options.fetchTimeoutMs,
      };
      const csv = await Promise.all(
        titles.map((title) => {
          const tab = tabs.find((t) => t.title === title);
          return tab ? exportTabCsv(exportOptions, sheetId, tab.sheetId) : undefined;
        }),
      );
      return new Map(titles.map((title, i) => [title, csv[i]]));
    },
  };
}

import type { Spreadsheets } from "../../ports/spreadsheet.ts";

/** The Sheets API's read quota per minute per user; the service account is one user for every workbook. */
export const SHEETS_READS_PER_MINUTE = 60;

const API_METHODS = [
  "readTabs",
  "listTabs",
  "writeRanges",
  "createTab",
  "readTabForUpdate",
  "writeCellsWithNotes",
] as const;

/**
 * Counts Sheets API calls per minute. The CSV export of a tab is not an API call and is counted
 * apart; the tab listing that finds the tabs' ids for it is one.
 * @example const budget = new SheetsCallCounter(() => Date.now()); const counted = budget.wrap(spreadsheets);
 */
export class SheetsCallCounter {
  readonly #apiCalls: number[] = [];
  readonly #exports: number[] = [];
  #total = 0;

  private readonly now: () => number;

  constructor(now: () => number) {
    this.now = now;
  }

  /** The same port, counting every call made through it. */
  wrap(spreadsheets: Spreadsheets): Spreadsheets {
    const counted = Object.create(spreadsheets) as Spreadsheets;
    const source = spreadsheets as unknown as Record<string, unknown>;
    const target = counted as unknown as Record<string, unknown>;
    for (const name of [...API_METHODS, "exportCsv"] as const) {
      const method = source[name];
      if (typeof method !== "function") continue;
      target[name] = (...args: unknown[]) => {
        this.#note(this.#apiCalls);
        if (name === "exportCsv") for (const _tab of args[1] as string[]) this.#note(this.#exports);
        return method.apply(spreadsheets, args);
      };
    }
    return counted;
  }

  /** The diagnostics entry: calls in the last 60 s against the per-minute quota. */
  report() {
    const since = this.now() - 60_000;
    const recent = (list: number[]) => list.filter((t) => t > since).length;
    return {
      apiCallsLastMinute: recent(this.#apiCalls),
      csvExportsLastMinute: recent(this.#exports),
      readsPerMinuteQuota: SHEETS_READS_PER_MINUTE,
      apiCallsTotal: this.#total,
    };
  }

  #note(list: number[]): void {
    const now = this.now();
    if (list === this.#apiCalls) this.#total++;
    list.push(now);
    while (list.length > 0 && (list[0] as number) <= now - 60_000) list.shift();
  }
}

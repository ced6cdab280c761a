import type { Spreadsheets } from "../../ports/spreadsheet.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { ATTENDANCE_TAB, type AttendanceSheet, parseAttendance } from "./attendance-tab.ts";

/** The spec's attendance list cache: 10 s per workbook per instance. */
export const PEOPLE_CACHE_MS = 10_000;

/** A read's outcome; a wrong header is an outcome of a good read, so it is cached like the list. */
type Listing = { sheet: AttendanceSheet | undefined } | { layout: AppError };

interface Entry {
  at: number;
  listing: Promise<Listing>;
}

/**
 * The `ATTENDANCE` tab of each workbook, read with formatted values and kept 10 s. Concurrent
 * callers share one read; a failed read is not kept; {@link drop} after any write to the tab.
 * @example const sheet = await cache.get("open-hall-a"); cache.drop("open-hall-a");
 */
export class PeopleCache {
  readonly #entries = new Map<string, Entry>();

  private readonly deps: { spreadsheets: Spreadsheets; clock: Clock; ttlMs?: number };

  constructor(deps: { spreadsheets: Spreadsheets; clock: Clock; ttlMs?: number }) {
    this.deps = deps;
  }

  async get(sheetId: string): Promise<AttendanceSheet | undefined> {
    const now = this.deps.clock.now();
    let entry = this.#entries.get(sheetId);
    if (!entry || now - entry.at >= (this.deps.ttlMs ?? PEOPLE_CACHE_MS)) {
      const fresh: Entry = { at: now, listing: this.#read(sheetId) };
      fresh.listing.catch(() => {
        if (this.#entries.get(sheetId) === fresh) this.#entries.delete(sheetId);
      });
      this.#entries.set(sheetId, fresh);
      entry = fresh;
    }
    const listing = await entry.listing;
    if ("layout" in listing) throw listing.layout;
    return listing.sheet;
  }

  /** Forgets a workbook's list, so the next reader sees the tab as it is now. */
  drop(sheetId: string): void {
    this.#entries.delete(sheetId);
  }

  async #read(sheetId: string): Promise<Listing> {
    const tabs = await this.deps.spreadsheets.readTabs(sheetId, [ATTENDANCE_TAB], "formatted");
    try {
      return { sheet: parseAttendance(tabs.get(ATTENDANCE_TAB)) };
    } catch (error) {
      if (error instanceof AppError && error.code === "attendance_layout") return { layout: error };
      throw error;
    }
  }
}

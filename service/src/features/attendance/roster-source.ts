import type { Rows } from "../../ports/spreadsheet.ts";
import type { FacilityTarget } from "./access.ts";
import { buildRoster, type Roster, rosterTabName } from "./roster.ts";
import type { AttendanceDeps } from "./service.ts";

/** The spec's roster tab cache in the post-sync hook. */
export const ROSTER_TAB_CACHE_MS = 5 * 60_000;

/**
 * The post-sync hook's roster tabs, kept 5 minutes per workbook and tab (the manual reconciliation
 * never uses it). A failed read is not kept.
 */
export class RosterTabCache {
  readonly #entries = new Map<string, { at: number; rows: Promise<Rows | undefined> }>();

  read(deps: AttendanceDeps, sheetId: string, tab: string): Promise<Rows | undefined> {
    const id = `${sheetId}\u0000${tab}`;
    const now = deps.clock.now();
    const entry = this.#entries.get(id);
    if (entry && now - entry.at < ROSTER_TAB_CACHE_MS) return entry.rows;
    const fresh = { at: now, rows: readRosterTab(deps, sheetId, tab) };
    fresh.rows.catch(() => {
      if (this.#entries.get(id) === fresh) this.#entries.delete(id);
    });
    this.#entries.set(id, fresh);
    return fresh.rows;
  }
}

async function readRosterTab(deps: AttendanceDeps, sheetId: string, tab: string): Promise<Rows | undefined> {
  return (await deps.spreadsheets.readTabs(sheetId, [tab], "formatted")).get(tab);
}

/**
 * A facility's roster, read from its workbook: fresh, or through `cache` (the post-sync hook).
 * @example const roster = await loadRoster(deps, target); // forced, as the manual reconciliation is
 */
export async function loadRoster(
  deps: AttendanceDeps,
  target: FacilityTarget,
  cache?: RosterTabCache,
): Promise<Roster> {
  const sheetId = target.facility.sheetId;
  if (!sheetId) return { people: [], warnings: [] };
  const { registry } = await deps.registry.get();
  const tab = rosterTabName(target.event.type, target.day, registry.defaults);
  const rows = cache ? await cache.read(deps, sheetId, tab) : await readRosterTab(deps, sheetId, tab);
  return buildRoster(target.event.type, rows);
}

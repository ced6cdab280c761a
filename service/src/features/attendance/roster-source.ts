import type { Rows } from "../../ports/spreadsheet.ts";
import type { FacilityTarget } from "./access.ts";
import type { AttendanceDeps } from "./deps.ts";
import { buildRoster, type Roster, rosterTabName } from "./roster.ts";

/**
 * A facility's roster: taken from `read` (the tabs a sync has just read) when it holds the roster
 * tab, else read fresh from the workbook (the manual reconciliation, never cached; or a registry
 * that names another roster tab since the sync read).
 * @example const roster = await loadRoster(deps, target, sync.tabs);
 */
export async function loadRoster(
  deps: AttendanceDeps,
  target: FacilityTarget,
  read?: ReadonlyMap<string, Rows | undefined>,
): Promise<Roster> {
  const sheetId = target.facility.sheetId;
  if (!sheetId) return { people: [], warnings: [] };
  const { registry } = await deps.registry.get();
  const tab = rosterTabName(target.event.type, target.day, registry.defaults);
  const rows = read?.has(tab)
    ? read.get(tab)
    : (await deps.spreadsheets.readTabs(sheetId, [tab], "formatted")).get(tab);
  return buildRoster(target.event.type, rows);
}

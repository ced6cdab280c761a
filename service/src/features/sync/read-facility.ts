import type { Spreadsheets } from "../../ports/spreadsheet.ts";
import type { DayRef, Facility, Registry } from "../../registry/types.ts";
import type { Clock } from "../../shared/clock.ts";
import { toCsv } from "../../shared/csv.ts";
import type { FacilityRead } from "./snapshot.ts";
import type { SyncMethod } from "./types.ts";

/** The tabs a facility publishes: the day's overrides, else the registry defaults; the roster for team events only. */
export function tabsOf(
  registry: Registry,
  ref: DayRef,
): { matches: string; standings: string; roster?: string } {
  const tabs: { matches: string; standings: string; roster?: string } = {
    matches: ref.day.matchesSheetName ?? registry.defaults.matchesSheetName,
    standings: ref.day.standingsSheetName ?? registry.defaults.standingsSheetName,
  };
  if (ref.event.type === "team") tabs.roster = ref.day.rosterSheetName ?? "Teams";
  return tabs;
}

function reasonOf(error: unknown): { error: string; code: string } {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return {
    error: message || "the workbook could not be read",
    code: typeof code === "string" ? code : "upstream_failure",
  };
}

/**
 * Reads one facility's workbook in one round trip: with `sheets`, every tab in one `readTabs`
 * call with formatted values (as displayed); with `csv`, the link-shared export of each tab in
 * parallel. A missing matches tab fails the read; a missing standings or roster tab publishes
 * as empty. Never throws: a failure is a read with its reason.
 * @example const read = await readFacility({ spreadsheets, clock }, registry, ref, facility, "sheets");
 */
export async function readFacility(
  deps: { spreadsheets: Spreadsheets; clock: Clock },
  registry: Registry,
  ref: DayRef,
  facility: Facility,
  method: SyncMethod,
): Promise<FacilityRead> {
  const startedAt = deps.clock.now();
  const tabs = tabsOf(registry, ref);
  const names = [tabs.matches, tabs.standings, ...(tabs.roster ? [tabs.roster] : [])];
  const sheetId = facility.sheetId as string;
  try {
    let csv: Array<string | undefined>;
    if (method === "csv") {
      csv = await Promise.all(names.map((tab) => deps.spreadsheets.exportCsv(sheetId, tab)));
    } else {
      const values = await deps.spreadsheets.readTabs(sheetId, names, "formatted");
      csv = names.map((tab) => {
        const rows = values.get(tab);
        return rows === undefined ? undefined : toCsv(rows);
      });
    }
    const [matchesCsv, standingsCsv, rosterCsv] = csv;
    if (matchesCsv === undefined) {
      return {
        name: facility.name,
        ok: false,
        attemptedAt: startedAt,
        error: `the workbook has no "${tabs.matches}" tab`,
        code: "upstream_failure",
      };
    }
    const read: FacilityRead = {
      name: facility.name,
      ok: true,
      fetchedAt: startedAt,
      matchesCsv,
      standingsCsv: standingsCsv ?? "",
    };
    if (tabs.roster) read.rosterCsv = rosterCsv ?? "";
    return read;
  } catch (error) {
    return { name: facility.name, ok: false, attemptedAt: startedAt, ...reasonOf(error) };
  }
}

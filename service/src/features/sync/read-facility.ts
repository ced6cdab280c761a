import type { Rows, Spreadsheets } from "../../ports/spreadsheet.ts";
import type { DayRef, Facility, Registry } from "../../registry/types.ts";
import { CALLS_TAB } from "../../shared/call-columns.ts";
import type { Clock } from "../../shared/clock.ts";
import { parseCsv, toCsv } from "../../shared/csv.ts";
import type { FacilityRead } from "./snapshot.ts";
import type { SyncMethod } from "./types.ts";

/**
 * The tabs a facility publishes: the day's overrides, else the registry defaults; the roster for
 * team events only; the service's own `CALLS` tab (the courts feature writes it), read in the same
 * call so the snapshot carries each facility's calls.
 */
export function tabsOf(
  registry: Registry,
  ref: DayRef,
): { matches: string; standings: string; roster?: string; calls: string } {
  const tabs: { matches: string; standings: string; roster?: string; calls: string } = {
    matches: ref.day.matchesSheetName ?? registry.defaults.matchesSheetName,
    standings: ref.day.standingsSheetName ?? registry.defaults.standingsSheetName,
    calls: CALLS_TAB,
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

/** A facility's read, and the tabs it read (displayed values) for the post-sync hooks. */
export interface FacilityReadTabs {
  read: FacilityRead;
  tabs: ReadonlyMap<string, Rows | undefined>;
}

/** The tabs through the link-shared CSV export, as rows; the sync publishes them as `sheets` does. */
async function exportedTabs(spreadsheets: Spreadsheets, sheetId: string, names: readonly string[]) {
  const exported = await spreadsheets.exportCsv(sheetId, names);
  return new Map(
    names.map((tab) => {
      const csv = exported.get(tab);
      return [tab, csv === undefined ? undefined : parseCsv(csv)];
    }),
  );
}

/**
 * Reads one facility's workbook in one round trip: with `sheets`, every tab in one `readTabs`
 * call with formatted values (as displayed); with `csv`, one tab listing, then the link-shared
 * export of each tab in parallel. A missing matches tab fails the read; a missing standings or
 * roster tab publishes as empty, a missing `CALLS` tab as no `callsCsv`. Never throws: a failure
 * is a read with its reason.
 * @example const { read, tabs } = await readFacility({ spreadsheets, clock }, registry, ref, facility, "sheets");
 */
export async function readFacility(
  deps: { spreadsheets: Spreadsheets; clock: Clock },
  registry: Registry,
  ref: DayRef,
  facility: Facility,
  method: SyncMethod,
): Promise<FacilityReadTabs> {
  const attemptedAt = deps.clock.now();
  const names = tabsOf(registry, ref);
  const wanted = [names.matches, names.standings, ...(names.roster ? [names.roster] : []), names.calls];
  const sheetId = facility.sheetId as string;
  let tabs: ReadonlyMap<string, Rows | undefined>;
  try {
    tabs =
      method === "csv"
        ? await exportedTabs(deps.spreadsheets, sheetId, wanted)
        : await deps.spreadsheets.readTabs(sheetId, wanted, "formatted");
  } catch (error) {
    return { read: { name: facility.name, ok: false, attemptedAt, ...reasonOf(error) }, tabs: new Map() };
  }
  const matches = tabs.get(names.matches);
  if (matches === undefined) {
    const error = `the workbook has no "${names.matches}" tab`;
    return { read: { name: facility.name, ok: false, attemptedAt, error, code: "upstream_failure" }, tabs };
  }
  const read: FacilityRead = {
    name: facility.name,
    ok: true,
    fetchedAt: attemptedAt,
    matchesCsv: toCsv(matches),
    standingsCsv: toCsv(tabs.get(names.standings) ?? []),
  };
  if (names.roster) read.rosterCsv = toCsv(tabs.get(names.roster) ?? []);
  const calls = tabs.get(names.calls);
  if (calls !== undefined) read.callsCsv = toCsv(calls);
  return { read, tabs };
}

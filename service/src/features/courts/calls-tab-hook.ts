import type { Spreadsheets } from "../../ports/spreadsheet.ts";
import { CALLS_TAB } from "../../shared/call-columns.ts";
import type { ScoreEntryDeps } from "../scores/score-entry.ts";
import type { FacilityHook } from "../sync/index.ts";
import { createCallsTab } from "./calls-write-allowlist.ts";

/**
 * The post-sync hook that creates a facility's `CALLS` tab (its header row alone) when the sync's
 * read found none, as the attendance hook creates `ATTENDANCE`: every sync reads `CALLS` in its one
 * call, and a tab a workbook lacks costs that call two more requests (the tab listing and the
 * re-read), so it is made once rather than missed on every sync. Under the workbook's lock, and
 * only once the listing confirms it is still missing (another instance may have made it).
 * @example afterFacilitySync.push(callsTabHook({ spreadsheets, lock }));
 */
export function callsTabHook(deps: {
  spreadsheets: Spreadsheets;
  lock: ScoreEntryDeps["lock"];
}): FacilityHook {
  return async ({ facility, tabs }) => {
    const sheetId = facility.sheetId;
    if (!sheetId || !tabs.has(CALLS_TAB) || tabs.get(CALLS_TAB) !== undefined) return;
    await deps.lock.run(sheetId, async (held) => {
      const titles = await deps.spreadsheets.listTabs(sheetId);
      if (titles.some((title) => title.toLowerCase() === CALLS_TAB.toLowerCase())) return;
      held.beforeWrite();
      await createCallsTab(deps.spreadsheets, sheetId, []);
    });
  };
}

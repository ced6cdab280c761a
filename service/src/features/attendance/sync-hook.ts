import type { FacilitySynced } from "../sync/types.ts";
import type { AttendanceDeps } from "./deps.ts";
import { reconcileFacility } from "./reconcile.ts";
import { rosterFingerprint } from "./roster.ts";
import { loadRoster } from "./roster-source.ts";

/**
 * The post-sync attendance hook: after each facility sync, brings that facility's `ATTENDANCE`
 * tab up to date with its roster. Nothing for an event without attendance or a facility without a
 * workbook; skips a facility whose roster fingerprint is unchanged since this instance's last
 * successful update. The roster is the tab the sync has just read (the spec's 5-minute roster
 * cache, with no read at all): a sync costs one workbook read, hook included, unless the roster
 * changed. When rows it added were overwritten by another instance the fingerprint stays
 * unrecorded, so the next sync adds them. The sync runs it bounded to 6 s and logs its failure
 * (`features/sync/hooks.ts`).
 * @example const hook = attendanceSyncHook(deps); // given to the sync service
 */
export function attendanceSyncHook(deps: AttendanceDeps) {
  const fingerprints = new Map<string, string>();

  return async function attendanceAfterSync(sync: FacilitySynced): Promise<void> {
    const sheetId = sync.facility.sheetId;
    if (sync.event.attendance === undefined || !sheetId) return;
    const roster = await loadRoster(deps, sync, sync.tabs);
    const fingerprint = rosterFingerprint(roster);
    if (fingerprints.get(sheetId) === fingerprint) return;
    const { addedRowsHeld } = await reconcileFacility(deps, sync, roster);
    if (addedRowsHeld) fingerprints.set(sheetId, fingerprint);
    else
      deps.logger.warn(
        { facility: sync.facility.name, day: sync.dayKey },
        "added attendance rows were overwritten; retrying next sync",
      );
  };
}

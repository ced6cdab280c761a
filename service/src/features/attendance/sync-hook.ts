import type { FacilitySynced } from "../../app-context.ts";
import type { AttendanceDeps } from "./deps.ts";
import { reconcileFacility } from "./reconcile.ts";
import { rosterFingerprint } from "./roster.ts";
import { loadRoster } from "./roster-source.ts";

/** The spec's bound on the post-sync hook. */
export const HOOK_BOUND_MS = 6_000;

/**
 * The post-sync attendance hook: after each facility sync, brings that facility's `ATTENDANCE`
 * tab up to date with its roster. Nothing for an event without attendance or a facility without a
 * workbook; skips a facility whose roster fingerprint is unchanged since this instance's last
 * successful update; bounded (6 s); never throws. The roster is the tab the sync has just read
 * (the spec's 5-minute roster cache, with no read at all): a sync costs one workbook read, hook
 * included, unless the roster changed. When rows it added were overwritten by another instance
 * the fingerprint stays unrecorded, so the next sync adds them.
 * @example ctx.afterFacilitySync.push(attendanceSyncHook(deps));
 */
export function attendanceSyncHook(deps: AttendanceDeps, boundMs = HOOK_BOUND_MS) {
  const fingerprints = new Map<string, string>();

  async function update(sync: FacilitySynced): Promise<void> {
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
  }

  return async function attendanceAfterSync(sync: FacilitySynced): Promise<void> {
    const where = { facility: sync.facility.name, day: sync.dayKey };
    // The work may outlive the bound; its failure is still caught and logged, never thrown.
    const work = update(sync).then(
      () => "done" as const,
      (error: unknown) => {
        deps.logger.warn({ err: error, ...where }, "attendance hook failed");
        return "failed" as const;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), boundMs);
    });
    const outcome = await Promise.race([work, bound]);
    clearTimeout(timer);
    if (outcome === "timeout") deps.logger.warn(where, `attendance hook passed its ${boundMs} ms bound`);
  };
}

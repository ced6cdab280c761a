import { attendanceOff, facilityOf } from "./access.ts";
import type { AttendanceDeps } from "./deps.ts";
import { type FacilityReconciliation, reconcileFacility } from "./reconcile.ts";
import { loadRoster } from "./roster-source.ts";

export interface ReconciliationReport {
  day: string;
  facilities: FacilityReconciliation[];
}

/**
 * The manual reconciliation (operator): forced, never cached. One facility by name, or every
 * facility of the day in registry order. Checks: unknown day, attendance off (404 `not_found`),
 * unknown facility.
 * @example await reconcileDay(deps, "open-sat", "Hall A"); // { day: "open-sat", facilities: [{ name: "Hall A", … }] }
 */
export async function reconcileDay(
  deps: AttendanceDeps,
  dayKey: string,
  facilityName?: string,
): Promise<ReconciliationReport> {
  const ref = await deps.registry.findDay(dayKey);
  if (ref.event.attendance === undefined) throw attendanceOff(ref.eventKey);
  const facilities = facilityName === undefined ? ref.day.facilities : [facilityOf(ref, facilityName)];
  const reports: FacilityReconciliation[] = [];
  for (const facility of facilities) {
    const target = { ...ref, facility };
    const roster = await loadRoster(deps, target);
    reports.push((await reconcileFacility(deps, target, roster)).report);
  }
  return { day: dayKey, facilities: reports };
}

import type { Principal } from "../../auth/guard.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { DayRef, Facility } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";

/** A day whose event keeps attendance, with one of its facilities. */
export interface FacilityTarget extends DayRef {
  facility: Facility;
}

/** An event without attendance: its attendance routes answer 404 `not_found`. */
export function attendanceOff(eventKey: string): AppError {
  return new AppError("not_found", `attendance is off for event "${eventKey}"`);
}

async function lookUpDay(registry: RegistryStore, dayKey: string): Promise<DayRef | undefined> {
  try {
    return await registry.findDay(dayKey);
  } catch (error) {
    if (error instanceof AppError && error.code === "unknown_day") return undefined;
    throw error;
  }
}

/**
 * The attendance routes' checks, in the spec's order: attendance off for the event → 404
 * `not_found`; a desk token for another day, or any desk token while attendance is `console` → 403;
 * then an unknown day → `unknown_day`. The day is looked up first because "off" is a property of
 * its event; a desk token for another day is refused even when the path's day does not exist.
 * @example const ref = await attendanceDay(registry, request.principal, request.params.day);
 */
export async function attendanceDay(
  registry: RegistryStore,
  principal: Principal,
  dayKey: string,
): Promise<DayRef> {
  const ref = await lookUpDay(registry, dayKey);
  if (ref && ref.event.attendance === undefined) {
    throw attendanceOff(ref.eventKey);
  }
  if (principal.kind === "desk") {
    if (principal.day !== dayKey) throw new AppError("forbidden", "this desk link is for another day");
    if (ref && ref.event.attendance !== "desks") {
      throw new AppError(
        "forbidden",
        `desk links are not accepted: event "${ref.eventKey}" takes attendance at the console`,
      );
    }
  }
  if (!ref) throw new AppError("unknown_day", `day "${dayKey}" is not in the registry`);
  return ref;
}

/** {@link attendanceDay}, then the facility by its exact name, or `unknown_facility`. */
export async function attendanceFacility(
  registry: RegistryStore,
  principal: Principal,
  dayKey: string,
  facilityName: string,
): Promise<FacilityTarget> {
  const ref = await attendanceDay(registry, principal, dayKey);
  return { ...ref, facility: facilityOf(ref, facilityName) };
}

export function facilityOf(ref: DayRef, facilityName: string): Facility {
  const facility = ref.day.facilities.find((f) => f.name === facilityName);
  if (!facility)
    throw new AppError("unknown_facility", `facility "${facilityName}" is not one of day "${ref.dayKey}"'s`);
  return facility;
}

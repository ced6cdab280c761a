import type { paths } from "../api/schema.d.ts";

/**
 * A published day: `<event>/data/<day>.json` on the static site, and what the relay sends. Its
 * type is the one the service's `/openapi.json` gives the snapshot in a sync report, so it follows
 * the service (docs/schemas/day-snapshot.schema.json).
 */
export type DaySnapshot =
  paths["/v3/days/{day}/syncs"]["post"]["responses"][200]["content"]["application/json"]["snapshot"];

/** One facility of a day snapshot. */
export type FacilitySnapshot = DaySnapshot["facilities"][number];

/** True when `value` looks like a day snapshot (enough for a page to show it). */
export function isDaySnapshot(value: unknown): value is DaySnapshot {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v["generatedAt"] === "string" &&
    Array.isArray(v["facilities"]) &&
    v["facilities"].every(
      (f: unknown) =>
        typeof f === "object" && f !== null && typeof (f as Record<string, unknown>)["name"] === "string",
    )
  );
}

/** The newer of two snapshots of a day by `generatedAt` (the relay keeps the same rule). */
export function newer(a: DaySnapshot | undefined, b: DaySnapshot): DaySnapshot {
  return a !== undefined && Date.parse(a.generatedAt) > Date.parse(b.generatedAt) ? a : b;
}

/**
 * `next`, with what it repeats of `held` taken from `held`: a facility whose members are all equal
 * is `held`'s own object, and an equal member (a CSV) is `held`'s own string; `held` itself when
 * nothing changed (a published file read again). A whole snapshot that
 * repeats what the page holds (on connect, after a gap, from a relay without changes) then costs
 * the page what a changes message does: the views that follow a facility or a CSV by identity,
 * and the look-ups keyed by a CSV (whose hash the string keeps), find what they already drew.
 * @example withUnchangedFrom(held, next).facilities[0] === held.facilities[0] // when Hall 1 did not change
 */
export function withUnchangedFrom(held: DaySnapshot | undefined, next: DaySnapshot): DaySnapshot {
  if (held === undefined || held === next) return next;
  const before = new Map(held.facilities.map((facility) => [facility.name, facility]));
  const facilities = next.facilities.map((facility) => {
    const old = before.get(facility.name);
    return old === undefined ? facility : sharedMembers(old, facility);
  });
  const members = sharedMembers(held, { ...next, facilities: held.facilities });
  const same =
    members === held &&
    facilities.length === held.facilities.length &&
    facilities.every((facility, i) => facility === held.facilities[i]);
  return same ? held : { ...members, facilities };
}

/** `next`, or `held` itself when every member is the same; each equal member taken from `held`. */
function sharedMembers<T extends object>(held: T, next: T): T {
  const from = held as Record<string, unknown>;
  const to = next as Record<string, unknown>;
  const keys = Object.keys(to);
  let same = keys.length === Object.keys(from).length;
  const shared = keys.map((key): [string, unknown] => {
    const equal = Object.hasOwn(from, key) && from[key] === to[key];
    same &&= equal;
    return [key, equal ? from[key] : to[key]];
  });
  // fromEntries defines own members, so a member named "__proto__" stays a member (as the relay's
  // applyChanges keeps it).
  return same ? held : (Object.fromEntries(shared) as T);
}

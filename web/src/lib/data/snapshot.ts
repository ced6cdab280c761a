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

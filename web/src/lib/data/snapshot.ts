import type { IsLive } from "./registry.ts";

/** One facility of a published day snapshot (the service's DaySnapshot, docs/schemas/day-snapshot.schema.json). */
export interface FacilitySnapshot {
  name: string;
  status: "ok" | "stale" | "skipped";
  /** When the data shown was read; null when never. */
  fetchedAt: string | null;
  /** Why the newest read failed (stale). */
  error?: string;
  matchesCsv: string;
  standingsCsv: string;
  /** Team events only. */
  rosterCsv?: string;
}

/** A published day: `<event>/data/<day>.json` on the static site, and what the relay sends. */
export interface DaySnapshot {
  event: string;
  day: string;
  label: string;
  date: string | null;
  isLive: IsLive | null;
  generatedAt: string;
  editedAt: string | null;
  facilities: FacilitySnapshot[];
  matchesCsv: string;
}

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

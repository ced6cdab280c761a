/**
 * The registry (`config/events.json` on the static site) as pages read it. Its types are the
 * service's, derived from the one schema (`service/src/registry/schema.ts`; types only, nothing
 * of the service's code reaches the bundle). The service validates the file on every load; pages
 * read it defensively all the same, because the static site may serve a commit the service refused.
 */

import type { Day, DayRef, Event, Registry } from "@tournament-ops/service/registry";

export type {
  Day,
  Display,
  Event,
  EventType,
  Facility,
  IsLive,
  Registry,
} from "@tournament-ops/service/registry";

/** One day of the registry with its event, as a page needs it (the service's `DayRef`). */
export type DayEntry = DayRef;

/** The events a spectator sees: not archived, in the registry's order, keys starting with `_` left out. */
export function listedEvents(registry: Registry): Array<[string, Event]> {
  return Object.entries(registry.events).filter(
    ([key, event]) => !key.startsWith("_") && isEvent(event) && event.archived !== true,
  );
}

/** An event's days by `date` (days without one last, in registry order). */
export function daysByDate(event: Event): Array<[string, Day]> {
  const days = Object.entries(event.days).filter(([key, day]) => !key.startsWith("_") && isDay(day));
  return days.sort(([, a], [, b]) => (a.date ?? "9999").localeCompare(b.date ?? "9999"));
}

/** Finds a day by its key (day keys are unique across events), or `undefined`. */
export function findDay(registry: Registry, dayKey: string): DayEntry | undefined {
  for (const [eventKey, event] of Object.entries(registry.events)) {
    if (!isEvent(event)) continue;
    const day = event.days[dayKey];
    if (Object.hasOwn(event.days, dayKey) && isDay(day)) return { eventKey, event, dayKey, day };
  }
  return undefined;
}

/** True when `value` has the registry's shape as far as pages rely on it. */
export function isRegistry(value: unknown): value is Registry {
  return isObject(value) && isObject(value["events"]);
}

function isEvent(value: unknown): value is Event {
  return isObject(value) && isObject(value["days"]);
}

function isDay(value: unknown): value is Day {
  return isObject(value) && typeof value["label"] === "string" && Array.isArray(value["facilities"]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The day to offer first: today's (a Manila date, `YYYY-MM-DD`), else the next one to come, else
 * none. Days without a date are never chosen.
 * @example dayToOpen([["sat", { date: "2026-11-28" }], ["sun", { date: "2026-11-29" }]], "2026-11-29") // "sun"
 */
export function dayToOpen(
  days: ReadonlyArray<[string, Pick<Day, "date">]>,
  today: string,
): string | undefined {
  const dated = days.filter(([, day]) => day.date !== undefined);
  const todays = dated.find(([, day]) => day.date === today);
  if (todays !== undefined) return todays[0];
  const coming = dated
    .filter(([, day]) => (day.date as string) > today)
    .sort(([, a], [, b]) => (a.date as string).localeCompare(b.date as string));
  return coming[0]?.[0];
}

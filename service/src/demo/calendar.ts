import { formatManilaDate } from "../shared/manila-time.ts";

const DAY_MS = 86_400_000;

/** The Saturday and Sunday a demo tournament is played on (ISO dates in Asia/Manila). */
export interface Weekend {
  saturday: string;
  sunday: string;
}

/**
 * The coming weekend in Asia/Manila: this weekend while it lasts (on a Sunday the Saturday is
 * yesterday), else the next one. The Sunday is therefore never in the past, so desk and scorer
 * links for it work on the day the demo is made.
 * @example comingWeekend(Date.parse("2026-11-18T02:00:00Z")) // { saturday: "2026-11-21", sunday: "2026-11-22" }
 */
export function comingWeekend(now: number): Weekend {
  const today = formatManilaDate(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const untilSaturday = weekday === 0 ? -1 : 6 - weekday;
  const saturdayMs = Date.parse(`${today}T00:00:00Z`) + untilSaturday * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { saturday: iso(saturdayMs), sunday: iso(saturdayMs + DAY_MS) };
}

/**
 * The weekend the demo of every stack a test starts is dated on: `TOPS_DEMO_SATURDAY`, which
 * `scripts/run-tests.mjs` sets once for the whole run (and this module, for a file run alone,
 * before it starts a stack), so that no day of the demo begins or ends while the tests run.
 */
import { type Weekend, weekendAhead, weekendOf } from "../../../service/src/demo/calendar.ts";

process.env["TOPS_DEMO_SATURDAY"] ||= weekendAhead(Date.now()).saturday;

/** The demo's Saturday and Sunday (ISO dates, Asia/Manila). */
export const DEMO_WEEKEND: Weekend = weekendOf(process.env["TOPS_DEMO_SATURDAY"] as string);

/**
 * An ISO date as the pages write a day: weekday, day and month.
 * @example longDay("2026-12-06") // "Sunday 6 December"
 */
export function longDay(isoDate: string): string {
  const format = { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" } as const;
  return new Intl.DateTimeFormat("en-GB", format).format(new Date(`${isoDate}T00:00:00Z`));
}

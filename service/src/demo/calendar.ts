import { formatManilaDate } from "../shared/manila-time.ts";

const DAY_MS = 86_400_000;

/** The Saturday and Sunday a demo tournament is played on (ISO dates in Asia/Manila). */
export interface Weekend {
  saturday: string;
  sunday: string;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The weekend whose Saturday is `days` after Manila's today (negative: before it). */
function weekendFrom(now: number, days: (weekday: number) => number): Weekend {
  const today = formatManilaDate(now);
  const midnight = Date.parse(`${today}T00:00:00Z`);
  const saturdayMs = midnight + days(new Date(midnight).getUTCDay()) * DAY_MS;
  return { saturday: iso(saturdayMs), sunday: iso(saturdayMs + DAY_MS) };
}

/**
 * The coming weekend in Asia/Manila: this weekend while it lasts (on a Sunday the Saturday is
 * yesterday), else the next one. The Sunday is therefore never in the past, so desk and scorer
 * links for it work on the day the demo is made.
 * @example comingWeekend(Date.parse("2026-11-18T02:00:00Z")) // { saturday: "2026-11-21", sunday: "2026-11-22" }
 */
export function comingWeekend(now: number): Weekend {
  return weekendFrom(now, (weekday) => (weekday === 0 ? -1 : 6 - weekday));
}

/**
 * A weekend that starts at least a whole day after `now` (Manila): the first Saturday two or more
 * days after today, so 2 to 8 days ahead. The stacks the tests start date their demo on it, so no
 * day of the demo begins or ends while a run lasts, whatever hour it is run at.
 * @example weekendAhead(Date.parse("2026-11-20T15:30:00Z")) // Saturday 23:30 → { saturday: "2026-11-28", sunday: "2026-11-29" }
 */
export function weekendAhead(now: number): Weekend {
  return weekendFrom(now, (weekday) => ((6 - weekday + 7) % 7 < 2 ? 13 - weekday : 6 - weekday));
}

/**
 * The weekend of a given Saturday (`npm start` with `TOPS_DEMO_SATURDAY`).
 * @throws Error when `saturday` is not a `yyyy-MM-dd` date that is a Saturday
 * @example weekendOf("2026-12-12") // { saturday: "2026-12-12", sunday: "2026-12-13" }
 */
export function weekendOf(saturday: string): Weekend {
  const ms = /^\d{4}-\d\d-\d\d$/.test(saturday) ? Date.parse(`${saturday}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || iso(ms) !== saturday || new Date(ms).getUTCDay() !== 6)
    throw new Error(`"${saturday}" is not a Saturday written yyyy-MM-dd`);
  return { saturday, sunday: iso(ms + DAY_MS) };
}

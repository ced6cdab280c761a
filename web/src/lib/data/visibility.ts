/**
 * When spectators see a day's results (docs/pages.md, "Go-live on the public page"):
 * - `isLive: true`: shown;
 * - `isLive: false`: not shown, until the organisers go live;
 * - `isLive: "auto"`, or no `isLive`: shown from 00:00 Asia/Manila on the day's `date`, and
 *   always for a day without a date.
 */
import { startOfManilaDay } from "../manila-time.ts";
import type { Day, IsLive } from "./registry.ts";
import type { DaySnapshot } from "./snapshot.ts";

export type Visibility =
  | { shown: true }
  /** `opensAt`: when `auto` will show it (epoch ms); absent when only the organisers can. */
  | { shown: false; opensAt?: number };

/** Whether a day is shown at `now` (epoch ms). */
export function dayVisibility(
  isLive: IsLive | null | undefined,
  date: string | null | undefined,
  now: number,
): Visibility {
  if (isLive === true) return { shown: true };
  if (isLive === false) return { shown: false };
  if (!date) return { shown: true };
  const opensAt = startOfManilaDay(date);
  if (Number.isNaN(opensAt) || now >= opensAt) return { shown: true };
  return { shown: false, opensAt };
}

/**
 * Whether a listed day is shown at `now`: `isLive` and `date` from its newest snapshot when there
 * is one (a go-live change republishes the day), else from the registry's entry.
 * @example listedDayVisibility(entry.day, feed.value?.snapshot, Date.now())
 */
export function listedDayVisibility(
  day: Partial<Pick<Day, "isLive" | "date">>,
  snapshot: Pick<DaySnapshot, "isLive" | "date"> | undefined,
  now: number,
): Visibility {
  return dayVisibility(snapshot ? snapshot.isLive : day.isLive, snapshot?.date ?? day.date, now);
}

/**
 * Whether a scorer link lasts the day it is for. A scorer link works for 24 hours from issue (the
 * spec's Limits), so one issued the evening before, or at 01:00, may stop in the middle of the
 * day's play. The day's scoring is taken to end an hour after its last match starts (the published
 * matches' times), and never later than 06:00 the morning after, when scorer links stop being
 * issued for it (also the end when no match has a time yet). The lifetime and the day-over time
 * are the service's (`@tournament-ops/service/link-rules`).
 */

import { dayOverAt, SCORER_LINK_TTL_MS } from "@tournament-ops/service/link-rules";

import { minutesOf } from "../data/match-time.ts";
import { matchesOf } from "../data/matches.ts";
import type { DaySnapshot } from "../data/snapshot.ts";
import { startOfManilaDay } from "../manila-time.ts";

/** How long the day's last match is taken to need its scorer link after it starts (play, then saving). */
export const LAST_MATCH_MS = 60 * 60 * 1000;

/** When a day's scoring ends, and why: an hour after its last match starts, or the day is over. */
export interface ScoringEnd {
  at: number;
  /** The day's last match's start, when the published matches give one before the day is over. */
  lastMatch: number | undefined;
}

/** A match's start in Manila from its `date` (else the day's) and `time` (as {@link minutesOf} reads it). */
function startOf(date: string, time: string, dayDate: string): number | undefined {
  const minutes = minutesOf(time);
  if (minutes === undefined) return undefined;
  const on = /^\d{4}-\d{2}-\d{2}$/.test(date.trim()) ? date.trim() : dayDate;
  const at = startOfManilaDay(on) + minutes * 60_000;
  return Number.isNaN(at) ? undefined : at;
}

/**
 * When the day's scoring ends (see the module's note).
 * @example scoringEnds("2026-11-28", snapshot) // { at: <19:00 Saturday>, lastMatch: <18:00 Saturday> }
 */
export function scoringEnds(dayDate: string, snapshot: DaySnapshot | undefined): ScoringEnd {
  const dayOver = dayOverAt(dayDate);
  let last: number | undefined;
  for (const facility of snapshot?.facilities ?? []) {
    for (const match of matchesOf(facility.matchesCsv)) {
      const start = startOf(match.date, match.time, dayDate);
      if (start !== undefined && start < dayOver && (last === undefined || start > last)) last = start;
    }
  }
  if (last === undefined || last + LAST_MATCH_MS >= dayOver) return { at: dayOver, lastMatch: undefined };
  return { at: last + LAST_MATCH_MS, lastMatch: last };
}

/** A scorer link that stops before its day's scoring ends: when it stops, when scoring ends, and the first moment to issue one that lasts. */
export interface ShortLink {
  expiresAt: number;
  ends: ScoringEnd;
  issueFrom: number;
}

/**
 * The shortfall of a scorer link issued at `issuedAt` (or expiring at `expiresAt`) for a day, or
 * `undefined` when it lasts the day's scoring; a day without a date has no known end.
 * @example scorerLinkShortfall(Date.parse("2026-11-27T17:08:00Z"), "2026-11-28", snapshot)?.issueFrom
 */
export function scorerLinkShortfall(
  expiresAt: number,
  dayDate: string | undefined,
  snapshot: DaySnapshot | undefined,
): ShortLink | undefined {
  if (dayDate === undefined) return undefined;
  const ends = scoringEnds(dayDate, snapshot);
  return expiresAt >= ends.at ? undefined : { expiresAt, ends, issueFrom: ends.at - SCORER_LINK_TTL_MS };
}

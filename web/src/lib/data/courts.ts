/**
 * What is on each court now and what comes next, derived from the schedule and the scores alone
 * (docs/pages.md, "On court and next"): on each court, in schedule order, the first match without
 * a result whose time has come is **on court**; the match without a result after it is **next**
 * (when nothing is on court, the first match without a result still to come). Nobody has to press
 * "match started": the umpire's score is the only signal, and it ends the match.
 */
import { manilaDate, manilaTime } from "../manila-time.ts";
import { minutesOf } from "./match-time.ts";
import type { Match } from "./matches.ts";

/** One court of a facility, now. */
export interface CourtNow {
  court: string;
  /** The match being played (the first without a result whose time has come). */
  onCourt: Match | undefined;
  /** The match after it. */
  next: Match | undefined;
  /** The last match with a result on this court, in schedule order. */
  last: Match | undefined;
  /** Matches without a result on this court after {@link CourtNow.next}. */
  later: number;
}

/** A match has a result once either score is written. */
export const hasResult = (match: Match) => match.team1Score !== "" || match.team2Score !== "";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The time now as the schedule writes it: the Manila date and minutes after midnight. */
export interface ScheduleNow {
  date: string;
  minutes: number;
}

/** `now` (epoch ms) as a Manila date and minutes, for {@link isDue}. */
export function scheduleNow(now: number): ScheduleNow {
  return { date: manilaDate(now), minutes: minutesOf(manilaTime(now)) ?? 0 };
}

/**
 * Whether a match's time has come: its date (the day's when the row has none) is past, or it is
 * today and its time has passed. A match without a readable time is due (it is played in court
 * order, whenever the court is free); so is a match with no date at all on a day without one.
 */
export function isDue(match: Match, dayDate: string | null, now: ScheduleNow): boolean {
  const date = [match.date, dayDate].find((text) => text && ISO_DATE.test(text)) ?? now.date;
  if (date !== now.date) return date < now.date;
  const start = minutesOf(match.time);
  return start === undefined || start <= now.minutes;
}

/** Court names compared as people read them: `Court 2` before `Court 10`. */
export function compareCourts(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true, sensitivity: "base" });
}

/**
 * Every court of a facility with the match on it now, the next one and its last result, courts in
 * name order (numbers as numbers). `matches` in schedule order (as `matchesOf` gives them);
 * matches without a court are left out.
 * @example courtsNow(matchesOf(csv), "2026-11-28", Date.now())[0] // { court: "Court 1", onCourt: <101>, next: <105>, … }
 */
export function courtsNow(matches: readonly Match[], dayDate: string | null, now: number): CourtNow[] {
  const at = scheduleNow(now);
  const byCourt = new Map<string, Match[]>();
  for (const match of matches) {
    if (match.court === "") continue;
    const list = byCourt.get(match.court);
    if (list === undefined) byCourt.set(match.court, [match]);
    else list.push(match);
  }
  const courts: CourtNow[] = [];
  for (const [court, list] of byCourt) {
    let last: Match | undefined;
    const waiting: Match[] = [];
    for (const match of list) {
      if (hasResult(match)) last = match;
      else waiting.push(match);
    }
    const first = waiting[0];
    const playing = first !== undefined && isDue(first, dayDate, at) ? first : undefined;
    const next = playing === undefined ? first : waiting[1];
    const shown = (playing ? 1 : 0) + (next ? 1 : 0);
    courts.push({ court, onCourt: playing, next, last, later: waiting.length - shown });
  }
  return courts.sort((a, b) => compareCourts(a.court, b.court));
}

/**
 * Now and next, the one rule every page shows courts by (docs/pages.md, "On court and next"): the
 * calls first, the schedule's `court` and `time` only where there are none.
 *
 * - A match's court is its latest call's (not cancelled) where it has one: a match played on
 *   another court than planned shows the court it was played on ({@link placedByCalls}).
 * - A hall whose desk calls matches (any call in its `CALLS` tab) is run by its calls: on each
 *   court, the match on court is the one called there and not yet ended (or, with live points, a
 *   match in play there without a call); the next is the first match planned for it with no result
 *   and no call, in schedule order.
 * - A hall with no call keeps the schedule's rule: on each court, in schedule order, the first
 *   match without a result whose time has come is on court; the match without a result after it
 *   is next (when nothing is on court, the first still to come). The umpire's score ends a match.
 */
import { type Call, holdsCourt, latestCalls, matchNumberKey } from "../courts/calls.ts";
import { manilaDate, manilaTime } from "../manila-time.ts";
import { minutesOf } from "./match-time.ts";
import type { Match } from "./matches.ts";

/** One court of a facility, now. */
export interface CourtNow {
  court: string;
  /** The match being played, or called to the court. */
  onCourt: Match | undefined;
  /** The match after it. */
  next: Match | undefined;
  /** The last match with a result on this court. */
  last: Match | undefined;
  /** Matches without a result on this court after {@link CourtNow.next}. */
  later: number;
}

/** A match has a result once either score is written. */
export const hasResult = (match: Match) => match.team1Score !== "" || match.team2Score !== "";

/** A match whose call holds its court: called or playing, and no result yet (a result ends it, saved or typed). */
export const isCalledNow = (match: Match) =>
  match.call !== undefined && holdsCourt(match.call) && !hasResult(match);

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

const placed = new WeakMap<readonly Match[], { calls: readonly Call[]; matches: Match[] }>();

/**
 * The matches with each one's latest call (`call`), and its court the call's where the call is not
 * cancelled. Matches without a call stay the same objects; the same matches and calls give the
 * same array.
 * @example placedByCalls(matches, callsOf(facility)).find((m) => m.matchNumber === "107")?.court // "Court 5" (planned on Court 3)
 */
export function placedByCalls(matches: readonly Match[], calls: readonly Call[]): Match[] {
  const known = placed.get(matches);
  if (known !== undefined && known.calls === calls) return known.matches;
  const latest = latestCalls(calls);
  const result =
    latest.size === 0
      ? (matches as Match[])
      : matches.map((match) => {
          const call = latest.get(matchNumberKey(match.matchNumber));
          if (call === undefined) return match;
          const court = call.state === "cancelled" || call.court === "" ? match.court : call.court;
          return { ...match, key: `${match.key}\u0004${call.court}\u0001${call.state}`, court, call };
        });
  placed.set(matches, { calls, matches: result });
  return result;
}

/**
 * Every court of a facility with the match on it now, the next one and its last result, courts in
 * name order (numbers as numbers). `matches` in schedule order, placed by their calls
 * (`facilityMatches` gives them so); matches without a court are left out. `inPlay`: the match
 * numbers with live points, each on its court while it has no call (the relay's live points).
 * @example courtsNow(facilityMatches(facility, display), "2026-11-28", Date.now())[0] // { court: "Court 1", onCourt: <101>, next: <105>, … }
 */
export function courtsNow(
  matches: readonly Match[],
  dayDate: string | null,
  now: number,
  inPlay: ReadonlySet<string> = new Set(),
): CourtNow[] {
  const byCourt = new Map<string, Match[]>();
  let called = false;
  for (const match of matches) {
    called ||= match.call !== undefined;
    if (match.court === "") continue;
    const list = byCourt.get(match.court);
    if (list === undefined) byCourt.set(match.court, [match]);
    else list.push(match);
  }
  const courtOf = called ? calledCourt(inPlay) : scheduledCourt(dayDate, scheduleNow(now));
  return [...byCourt]
    .map(([court, list]) => courtOf(court, list))
    .sort((a, b) => compareCourts(a.court, b.court));
}

/** The last of `results`: the one whose call ended latest, else the last in schedule order. */
function lastOf(results: readonly Match[]): Match | undefined {
  let last: Match | undefined;
  for (const match of results)
    if (last === undefined || (match.call?.endedAt ?? 0) >= (last.call?.endedAt ?? 0)) last = match;
  return last;
}

/** A court of a hall run by its calls. */
function calledCourt(inPlay: ReadonlySet<string>) {
  return (court: string, list: readonly Match[]): CourtNow => {
    const results = list.filter(hasResult);
    const calledHere = list.filter(isCalledNow);
    const playing = (m: Match) => m.call === undefined && !hasResult(m) && inPlay.has(m.matchNumber);
    const onCourt =
      calledHere.sort((a, b) => (b.call?.calledAt ?? 0) - (a.call?.calledAt ?? 0))[0] ?? list.find(playing);
    const waits = (m: Match) =>
      m !== onCourt && !hasResult(m) && (m.call === undefined || m.call.state === "cancelled");
    const waiting = list.filter(waits);
    return {
      court,
      onCourt,
      next: waiting[0],
      last: lastOf(results),
      later: Math.max(0, waiting.length - 1),
    };
  };
}

/** A court of a hall with no call: the schedule's court and time. */
function scheduledCourt(dayDate: string | null, at: ScheduleNow) {
  return (court: string, list: readonly Match[]): CourtNow => {
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
    return { court, onCourt: playing, next, last, later: waiting.length - shown };
  };
}

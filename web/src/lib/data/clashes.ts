/**
 * Clash warnings for a control desk, computed from the day's snapshot (and, when the event takes
 * attendance, the facilities' attendance lists):
 * - a player scheduled in two matches at overlapping times at different courts or facilities;
 * - a player in a match not yet played who is not checked in.
 * Only matches without a result count: a clash in the past is no longer anyone's problem.
 */
import type { Person } from "../api/types.ts";
import { minutesOf } from "./match-time.ts";
import { type Match, matchesOf } from "./matches.ts";
import { personKey, playersOf } from "./person-key.ts";
import type { DaySnapshot } from "./snapshot.ts";

/**
 * How long a match is taken to last when the schedule does not say: a match holds its court from
 * its start until the next match on that court starts, at most this many minutes.
 */
export const MATCH_MINUTES = 30;

/** A match of the day with where it is played and its time as minutes of its date. */
export interface ScheduledMatch {
  facility: string;
  match: Match;
  /** Minutes after midnight of `match.date` (the day's date when the row has none). */
  start: number;
  end: number;
  date: string;
}

export { minutesOf } from "./match-time.ts";

/** One player in overlapping matches, with every match involved, in time order. */
export interface Clash {
  player: string;
  matches: ScheduledMatch[];
}

/** A match not yet played with the players who are not checked in. */
export interface AbsentPlayers {
  scheduled: ScheduledMatch;
  /** `listed: false` when the person is not on the facility's attendance list at all. */
  players: Array<{ name: string; listed: boolean }>;
}

const unplayed = (match: Match) => match.team1Score === "" && match.team2Score === "";

/** The day's matches that have a start time, each with the time it holds its court, in time order. */
export function scheduledMatches(snapshot: DaySnapshot): ScheduledMatch[] {
  const all: ScheduledMatch[] = [];
  for (const facility of snapshot.facilities) {
    const timed = matchesOf(facility.matchesCsv).flatMap((match) => {
      const start = minutesOf(match.time);
      const date = match.date || snapshot.date || "";
      return start === undefined ? [] : [{ facility: facility.name, match, start, end: 0, date }];
    });
    for (const entry of timed) {
      const next = timed
        .filter((other) => other.date === entry.date && other.match.court === entry.match.court)
        .map((other) => other.start)
        .filter((start) => start > entry.start);
      entry.end = Math.min(entry.start + MATCH_MINUTES, ...next);
    }
    all.push(...timed);
  }
  return all.sort((a, b) => a.date.localeCompare(b.date) || a.start - b.start || order(a, b));
}

function order(a: ScheduledMatch, b: ScheduledMatch): number {
  return a.facility.localeCompare(b.facility) || (a.match.order < b.match.order ? -1 : 1);
}

const overlap = (a: ScheduledMatch, b: ScheduledMatch) =>
  a.date === b.date && a.start < b.end && b.start < a.end;

const elsewhere = (a: ScheduledMatch, b: ScheduledMatch) =>
  a.facility !== b.facility || a.match.court !== b.match.court;

/**
 * Players scheduled in two matches without a result at overlapping times, at different courts
 * or facilities, by name.
 * @example clashes(snapshot) // [{ player: "José Ñañez", matches: [<Rizal Hall 301 09:00>, <Annex Court 401 09:00>] }]
 */
export function clashes(snapshot: DaySnapshot): Clash[] {
  const byPlayer = new Map<string, { player: string; matches: ScheduledMatch[] }>();
  for (const scheduled of scheduledMatches(snapshot)) {
    if (!unplayed(scheduled.match)) continue;
    const { match } = scheduled;
    const names = [...playersOf(match.team1, match.teamCode1), ...playersOf(match.team2, match.teamCode2)];
    for (const name of names) {
      const key = personKey(name);
      const entry = byPlayer.get(key) ?? { player: name, matches: [] };
      if (!entry.matches.includes(scheduled)) entry.matches.push(scheduled);
      byPlayer.set(key, entry);
    }
  }
  const found: Clash[] = [];
  for (const { player, matches } of byPlayer.values()) {
    const involved = matches.filter((a) => matches.some((b) => a !== b && overlap(a, b) && elsewhere(a, b)));
    if (involved.length > 0) found.push({ player, matches: involved });
  }
  return found.sort(
    (a, b) =>
      (a.matches[0] as ScheduledMatch).start - (b.matches[0] as ScheduledMatch).start ||
      a.player.localeCompare(b.player),
  );
}

/**
 * For each match without a result, in time order, its players who are not checked in at the
 * match's facility (not present, or not on its attendance list). Facilities whose list was not
 * read are left out.
 */
export function absentPlayers(
  snapshot: DaySnapshot,
  peopleByFacility: ReadonlyMap<string, readonly Person[]>,
): AbsentPlayers[] {
  const found: AbsentPlayers[] = [];
  for (const scheduled of scheduledMatches(snapshot)) {
    const people = peopleByFacility.get(scheduled.facility);
    if (people === undefined || !unplayed(scheduled.match)) continue;
    const byKey = new Map(people.map((person) => [person.key, person]));
    const { match } = scheduled;
    const players = [...playersOf(match.team1, match.teamCode1), ...playersOf(match.team2, match.teamCode2)]
      .map((name) => ({ name, person: byKey.get(personKey(name)) }))
      .filter(({ person }) => person?.present !== true)
      .map(({ name, person }) => ({ name, listed: person !== undefined }));
    if (players.length > 0) found.push({ scheduled, players });
  }
  return found;
}

/** Entries grouped by start time (date and time), in the order they come. */
export function byStartTime<T extends { scheduled: ScheduledMatch }>(entries: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const key = `${entry.scheduled.date} ${entry.scheduled.start}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()];
}

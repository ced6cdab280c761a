/**
 * The players of an event's days, found as the desk finds people (the person key: accents, case
 * and spaces ignored, so `jose nanez` finds José Ñañez), each with their matches across halls and
 * days, their next match and their standing (docs/pages.md, "Players"). The list of everyone
 * ({@link playerDirectory}) is made only for the search; a player's matches are gathered only for
 * the players shown ({@link playerOf}).
 */
import { foldedSearch, searchText } from "../attendance/person-search.ts";
import { callsOf } from "../courts/calls.ts";
import { carryWinners } from "./carried-winners.ts";
import { courtsNow, hasResult, placedByCalls } from "./courts.ts";
import { type Match, matchesOf } from "./matches.ts";
import { personKey, playersOf } from "./person-key.ts";
import type { Display } from "./registry.ts";
import type { DaySnapshot, FacilitySnapshot } from "./snapshot.ts";

/** A day of the event whose results are shown, with its snapshot. */
export interface EventDay {
  key: string;
  label: string;
  snapshot: DaySnapshot;
}

/** One match of a player: where and when, and which side they are on. */
export interface PlayerMatch {
  day: EventDay;
  facility: string;
  match: Match;
  side: 1 | 2;
  /** Sorts the player's matches: date, then the match's own order. */
  order: string;
}

/** A player as the search lists them. */
export interface PlayerSummary {
  /** The person key. */
  key: string;
  /** The name as the sheet first writes it. */
  name: string;
  /** Team codes and categories they play in. */
  teams: string[];
  categories: string[];
  /** The name and team codes folded for the search, once it has looked. */
  searchText?: string;
}

/** A player with every match of theirs. */
export interface Player extends PlayerSummary {
  /** In date and time order. */
  matches: PlayerMatch[];
}

/** A player's day: their next match (on court now or to come) and results so far. */
export interface PlayerNow {
  next: PlayerMatch | undefined;
  /** The next match is on court now (`courts.ts`). */
  onCourt: boolean;
  won: number;
  lost: number;
}

/** The players of a side's cell with their person keys, by team code, then cell: read once each. */
const sides = new Map<string, Map<string, Array<{ name: string; key: string }>>>();
let sidesKept = 0;

/**
 * The players of a side's cell (`playersOf`) with their person keys, read once per cell and code.
 * @example playersWithKeys("José Ñañez / Ana Cruz", "MD_1") // [{ name: "José Ñañez", key: "jose nanez" }, …]
 */
export function playersWithKeys(team: string, code: string): ReadonlyArray<{ name: string; key: string }> {
  let byTeam = sides.get(code);
  if (byTeam === undefined) {
    byTeam = new Map();
    sides.set(code, byTeam);
  }
  let found = byTeam.get(team);
  if (found === undefined) {
    found = playersOf(team, code).map((name) => ({ name, key: personKey(name) }));
    // Bounded: a long day on one phone never grows it without end.
    if (++sidesKept > 20_000) {
      sides.clear();
      sidesKept = 0;
    }
    byTeam.set(team, found);
  }
  return found;
}

/**
 * A facility's matches as the pages show them: winners carried forward into knockout seats, each
 * match with its latest call and on the court it is called to, or was played on (`courts.ts`).
 */
export function facilityMatches(facility: FacilitySnapshot, display: Display | undefined): Match[] {
  return placedByCalls(carryWinners(matchesOf(facility.matchesCsv), display), callsOf(facility));
}

/**
 * Every player of the given days by person key, as the search lists them.
 * @example playerDirectory([{ key: "open-sat", label: "Saturday", snapshot }], display).get("jose nanez")?.name // "José Ñañez"
 */
export function playerDirectory(
  days: readonly EventDay[],
  display: Display | undefined,
): Map<string, PlayerSummary> {
  const directory = new Map<string, PlayerSummary>();
  for (const day of days) {
    for (const facility of day.snapshot.facilities) {
      for (const match of facilityMatches(facility, display)) {
        for (const [team, code] of [
          [match.team1, match.teamCode1],
          [match.team2, match.teamCode2],
        ] as const) {
          for (const { name, key } of playersWithKeys(team, code)) {
            let player = directory.get(key);
            if (player === undefined) {
              player = { key, name, teams: [], categories: [] };
              directory.set(key, player);
            }
            if (code !== "" && !player.teams.includes(code)) player.teams.push(code);
            if (match.category !== "" && !player.categories.includes(match.category))
              player.categories.push(match.category);
          }
        }
      }
    }
  }
  return directory;
}

/**
 * A player (by person key) with their matches across the given days and halls, in date and time
 * order; `undefined` when no match names them. Their name, teams and categories are read from
 * those matches, so a player's page needs no list of everyone.
 */
export function playerOf(
  days: readonly EventDay[],
  key: string,
  display: Display | undefined,
): Player | undefined {
  let player: Player | undefined;
  for (const day of days) {
    for (const facility of day.snapshot.facilities) {
      for (const { match, side, name, code } of entriesOf(facilityMatches(facility, display), key)) {
        player ??= { key, name, teams: [], categories: [], matches: [] };
        if (code !== "" && !player.teams.includes(code)) player.teams.push(code);
        if (match.category !== "" && !player.categories.includes(match.category))
          player.categories.push(match.category);
        const order = `${match.date || day.snapshot.date || ""}\u0000${match.order}`;
        player.matches.push({ day, facility: facility.name, match, side, order });
      }
    }
  }
  player?.matches.sort((a, b) => (a.order < b.order ? -1 : 1));
  return player;
}

interface Entry {
  match: Match;
  side: 1 | 2;
  name: string;
  code: string;
}

/** A player's matches in one facility's list, found once per list (a score changes one hall's). */
const entries = new WeakMap<readonly Match[], Map<string, Entry[]>>();

function entriesOf(matches: readonly Match[], key: string): Entry[] {
  let byKey = entries.get(matches);
  if (byKey === undefined) {
    byKey = new Map();
    entries.set(matches, byKey);
  }
  let found = byKey.get(key);
  if (found === undefined) {
    const list: Entry[] = [];
    const look = (match: Match, side: 1 | 2, team: string, code: string) => {
      for (const entry of playersWithKeys(team, code))
        if (entry.key === key) list.push({ match, side, name: entry.name, code });
    };
    for (const match of matches) {
      look(match, 1, match.team1, match.teamCode1);
      look(match, 2, match.team2, match.teamCode2);
    }
    found = list;
    byKey.set(key, found);
  }
  return found;
}

/**
 * The players whose name or team code holds every word of `query`, folded like a person key
 * (the desk's own search), by name; none for an empty query.
 */
export function findPlayers(
  directory: ReadonlyMap<string, PlayerSummary>,
  query: string,
  limit = 20,
): PlayerSummary[] {
  if (personKey(query) === "") return [];
  const matches = foldedSearch(query);
  const found: PlayerSummary[] = [];
  for (const player of directory.values()) {
    player.searchText ??= searchText({ player: player.name, teams: player.teams });
    if (matches(player.searchText)) found.push(player);
  }
  return found.sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}

/** Whether the player's side won a match with a result. */
export const wonBy = (entry: PlayerMatch) => entry.match.winner === entry.side;

/**
 * The player's next match (the first without a result), whether it is on court now, and their
 * record. `inPlay`: the match numbers with live points, by hall (`courtsNow`'s, each hall's own).
 */
export function playerNow(
  player: Player,
  now: number,
  display: Display | undefined,
  inPlay: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): PlayerNow {
  let won = 0;
  let lost = 0;
  let next: PlayerMatch | undefined;
  for (const entry of player.matches) {
    if (entry.match.winner !== undefined) {
      if (wonBy(entry)) won++;
      else lost++;
    } else if (next === undefined && !hasResult(entry.match)) next = entry;
  }
  let onCourt = false;
  if (next !== undefined) {
    const facility = next.day.snapshot.facilities.find((f) => f.name === next.facility);
    const courts = facility
      ? courtsNow(facilityMatches(facility, display), next.day.snapshot.date, now, inPlay.get(next.facility))
      : [];
    onCourt = courts.some((court) => court.onCourt === next.match);
  }
  return { next, onCourt, won, lost };
}

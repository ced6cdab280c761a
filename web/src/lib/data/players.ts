/**
 * The players of an event's days, found as the desk finds people (the person key: accents, case
 * and spaces ignored, so `jose nanez` finds José Ñañez), each with their matches across halls and
 * days, their next match and their standing (docs/pages.md, "Players").
 */
import { personSearch } from "../attendance/person-search.ts";
import { carryWinners } from "./bracket.ts";
import { courtsNow, hasResult } from "./courts.ts";
import { type Match, matchesOf } from "./matches.ts";
import { personKey, playersOf } from "./person-key.ts";
import type { Display } from "./registry.ts";
import type { DaySnapshot, FacilitySnapshot } from "./snapshot.ts";
import { type StandingRow, standings } from "./standings.ts";

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

export interface Player {
  /** The person key. */
  key: string;
  /** The name as the sheet first writes it. */
  name: string;
  /** Team codes and categories they play in. */
  teams: string[];
  categories: string[];
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

/** A player's standing in one category of one facility. */
export interface PlayerStanding {
  day: EventDay;
  facility: string;
  category: string;
  row: StandingRow;
  /** How many rows the category has. */
  of: number;
}

/** A facility's matches as the pages show them: winners carried forward into knockout seats. */
export function facilityMatches(facility: FacilitySnapshot, display: Display | undefined): Match[] {
  return carryWinners(matchesOf(facility.matchesCsv), display);
}

/**
 * Every player of the given days, by person key.
 * @example playerIndex([{ key: "open-sat", label: "Saturday", snapshot }], display).get("jose nanez")?.matches.length // 3
 */
export function playerIndex(days: readonly EventDay[], display: Display | undefined): Map<string, Player> {
  const index = new Map<string, Player>();
  for (const day of days) {
    for (const facility of day.snapshot.facilities) {
      for (const match of facilityMatches(facility, display)) {
        const date = match.date || day.snapshot.date || "";
        const sides: Array<[1 | 2, string, string]> = [
          [1, match.team1, match.teamCode1],
          [2, match.team2, match.teamCode2],
        ];
        for (const [side, team, code] of sides) {
          for (const name of playersOf(team, code)) {
            const key = personKey(name);
            let player = index.get(key);
            if (player === undefined) {
              player = { key, name, teams: [], categories: [], matches: [] };
              index.set(key, player);
            }
            if (code !== "" && !player.teams.includes(code)) player.teams.push(code);
            if (match.category !== "" && !player.categories.includes(match.category))
              player.categories.push(match.category);
            const order = `${date}\u0000${match.order}`;
            player.matches.push({ day, facility: facility.name, match, side, order });
          }
        }
      }
    }
  }
  for (const player of index.values()) player.matches.sort((a, b) => (a.order < b.order ? -1 : 1));
  return index;
}

/**
 * The players whose name or team code holds every word of `query`, folded like a person key
 * (the desk's own search), by name; none for an empty query.
 */
export function findPlayers(index: ReadonlyMap<string, Player>, query: string, limit = 20): Player[] {
  if (personKey(query) === "") return [];
  const matches = personSearch(query);
  const found: Player[] = [];
  for (const player of index.values())
    if (matches({ player: player.name, teams: player.teams })) found.push(player);
  return found.sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}

/** Whether the player's side won a match with a result. */
export const wonBy = (entry: PlayerMatch) => entry.match.winner === entry.side;

/** The player's next match (the first without a result), whether it is on court now, and their record. */
export function playerNow(player: Player, now: number, display: Display | undefined): PlayerNow {
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
    const courts = facility ? courtsNow(facilityMatches(facility, display), next.day.snapshot.date, now) : [];
    onCourt = courts.some((court) => court.onCourt === next.match);
  }
  return { next, onCourt, won, lost };
}

/** The player's standing in each category they play in, from the facilities they play at. */
export function playerStandings(player: Player, display: Display | undefined): PlayerStanding[] {
  const found: PlayerStanding[] = [];
  const seen = new Set<string>();
  for (const { day, facility: name } of player.matches) {
    const place = `${day.key}\u0000${name}`;
    if (seen.has(place)) continue;
    seen.add(place);
    const facility = day.snapshot.facilities.find((f) => f.name === name);
    if (facility === undefined || facility.standingsCsv === "") continue;
    const table = standings(facility.standingsCsv, facilityMatches(facility, display), display);
    const column = table.column("player");
    if (column < 0) continue;
    for (const group of table.groups) {
      const row = group.rows.find((r) =>
        playersOf(r.cells[column] ?? "", r.code).some((n) => personKey(n) === player.key),
      );
      if (row !== undefined)
        found.push({ day, facility: name, category: group.category, row, of: group.rows.length });
    }
  }
  return found;
}

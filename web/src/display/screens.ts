/**
 * What the hall display shows, screen by screen (docs/pages.md, "The hall display"): for each hall,
 * its courts now and next beside the latest results (four courts a screen), its ranked standings
 * (or a team event's table of teams), and each knockout draw (a large one in parts). Every screen
 * holds what fits a TV read from 8 m (no text under 32 px at 1920 × 1080), so nothing ever scrolls
 * and nothing is cut but a long name's end.
 */
import { type Bracket, brackets } from "../lib/data/bracket.ts";
import { type CourtNow, courtsNow, hasResult } from "../lib/data/courts.ts";
import type { Match } from "../lib/data/matches.ts";
import { playersOf } from "../lib/data/person-key.ts";
import { facilityMatches } from "../lib/data/players.ts";
import type { Event } from "../lib/data/registry.ts";
import type { DaySnapshot } from "../lib/data/snapshot.ts";
import { type StandingRow, type Standings, type StandingsGroup, standings } from "../lib/data/standings.ts";
import { type TeamLine, teamTable } from "../lib/data/ties.ts";
import { type Arrivals, arrivalKey } from "./arrivals.ts";

/** Courts on one screen: two across, two down. */
export const COURTS_PER_SCREEN = 4;
/** Latest results beside the courts, at most. */
export const RESULTS_SHOWN = 6;
/** Lines the latest results fill beside the courts: a result takes one, and one per player of each side. */
export const RESULT_LINES = 20;
/** Lines of standings in one column of a screen: a table's caption and heading take one each, a row one per player. */
export const LINES_PER_COLUMN = 11;
/** Columns of standings on one screen. */
export const COLUMNS_PER_SCREEN = 2;
/** Matches of a draw's first round shown on one screen: a larger draw is shown in parts. */
export const DRAWN_PER_SCREEN = 4;

interface OnScreen {
  facility: string;
}

/** A part of a knockout draw: its rounds, each cut to the matches this part shows. */
export interface DrawPart {
  bracket: Bracket;
  /** 1-based; a draw that fits one screen is part 1 of 1. */
  part: number;
  parts: number;
}

export type Screen = OnScreen &
  (
    | { kind: "courts"; courts: CourtNow[]; results: Match[]; page: number; pages: number }
    | {
        kind: "standings";
        table: Standings;
        columns: StandingsGroup[][];
        /** The lines of its tallest column: the type fills the screen's height with them. */
        lines: number;
      }
    | { kind: "teams"; lines: TeamLine[] }
    | ({ kind: "draw" } & DrawPart)
  );

/**
 * The names a side shows, one to a line: its players, or the cell's words for a seat not yet
 * decided ("Winner QF1").
 * @example namesOf("José Ñañez / Andrés Báez", "MD_1") // ["José Ñañez", "Andrés Báez"]
 */
export function namesOf(team: string, code: string): string[] {
  const players = playersOf(team, code);
  return players.length > 0 ? players : [team || code || "To be decided"];
}

/** The names a standings row shows, one to a line (its Player cell, else its first). */
export function rowNames(table: Standings, row: StandingRow): string[] {
  const player = table.column("player");
  return namesOf(row.cells[player >= 0 ? player : 0] ?? "", row.code);
}

/**
 * The screens of the day's halls (or of `facility` alone), in the order the display shows them;
 * each hall's latest results as {@link latestResults} orders them; `inPlay`: the matches with live
 * points, by hall (`courtsNow`'s).
 * @example screensOf(snapshot, event, "Rizal Hall", Date.now()).map((s) => s.kind) // ["courts", "standings", "draw"]
 */
export function screensOf(
  snapshot: DaySnapshot,
  event: Event,
  facility: string | undefined,
  now: number,
  arrived: Arrivals = new Map(),
  inPlay: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Screen[] {
  const screens: Screen[] = [];
  for (const hall of snapshot.facilities) {
    if (hall.status === "skipped" || (facility !== undefined && hall.name !== facility)) continue;
    const matches = facilityMatches(hall, event.display);
    const name = hall.name;
    const courts = courtsNow(matches, snapshot.date, now, inPlay.get(name));
    const results = latestResults(name, matches, arrived);
    const pages = Math.max(1, Math.ceil(courts.length / COURTS_PER_SCREEN));
    for (let page = 0; page < pages; page++) {
      const shown = courts.slice(page * COURTS_PER_SCREEN, (page + 1) * COURTS_PER_SCREEN);
      screens.push({ facility: name, kind: "courts", courts: shown, results, page, pages });
    }
    if (event.type === "team") {
      const lines = teamTable(matches, event.teamScoring);
      if (lines.length > 0) screens.push({ facility: name, kind: "teams", lines });
    } else {
      const table = standings(hall.standingsCsv, matches, event.display);
      const linesOf = (row: StandingRow) => rowNames(table, row).length;
      for (const columns of inColumns(table.groups, COLUMNS_PER_SCREEN, linesOf)) {
        const lines = Math.max(
          ...columns.map((column) => column.reduce((sum, g) => sum + groupLines(g, linesOf), 0)),
        );
        screens.push({ facility: name, kind: "standings", table, columns, lines });
      }
    }
    for (const bracket of brackets(matches, event.display))
      for (const part of drawParts(bracket)) screens.push({ facility: name, kind: "draw", ...part });
  }
  return screens;
}

/**
 * A hall's results, the latest first: those that arrived while the display was on in the order
 * they came (a score corrected comes again), then the others, the latest in the schedule first;
 * as many as fit beside the courts ({@link RESULT_LINES}), at most {@link RESULTS_SHOWN}.
 */
export function latestResults(facility: string, matches: readonly Match[], arrived: Arrivals): Match[] {
  const when = (match: Match) => arrived.get(arrivalKey(facility, match.matchNumber)) ?? -1;
  const played = matches.filter(hasResult).reverse();
  // A stable sort: the ones that did not arrive keep the schedule's order, latest first.
  played.sort((a, b) => when(b) - when(a));
  const shown: Match[] = [];
  let lines = 0;
  for (const match of played.slice(0, RESULTS_SHOWN)) {
    lines += 1 + namesOf(match.team1, match.teamCode1).length + namesOf(match.team2, match.teamCode2).length;
    if (lines > RESULT_LINES && shown.length > 0) break;
    shown.push(match);
  }
  return shown;
}

/** The lines a standings table takes: its caption, its heading, and each row's. */
function groupLines(group: StandingsGroup, linesOf: (row: StandingRow) => number): number {
  return 2 + group.rows.reduce((sum, row) => sum + linesOf(row), 0);
}

/**
 * Standings tables packed into columns of {@link LINES_PER_COLUMN} lines (a row takes a line per
 * player, `linesOf`), `perScreen` columns a screen; a table longer than a column is cut into
 * parts, each with its caption and heading.
 */
export function inColumns(
  groups: readonly StandingsGroup[],
  perScreen: number,
  linesOf: (row: StandingRow) => number = () => 1,
): StandingsGroup[][][] {
  const lines = (group: StandingsGroup) => groupLines(group, linesOf);
  // A few short tables get a column each, rather than one column and an empty one.
  if (groups.length <= perScreen && groups.every((group) => lines(group) <= LINES_PER_COLUMN))
    return groups.length === 0 ? [] : [groups.map((group) => [group])];
  const columns: StandingsGroup[][] = [];
  let column: StandingsGroup[] = [];
  let used = 0;
  const close = () => {
    if (column.length > 0) columns.push(column);
    column = [];
    used = 0;
  };
  for (const group of groups) {
    let part: StandingsGroup = { ...group, rows: [] };
    const place = () => {
      if (part.rows.length === 0) return;
      if (used + lines(part) > LINES_PER_COLUMN) close();
      column.push(part);
      used += lines(part);
      part = { ...group, rows: [] };
    };
    for (const row of group.rows) {
      if (part.rows.length > 0 && lines(part) + linesOf(row) > LINES_PER_COLUMN) place();
      part.rows.push(row);
    }
    place();
  }
  close();
  const screens: StandingsGroup[][][] = [];
  for (let i = 0; i < columns.length; i += perScreen) screens.push(columns.slice(i, i + perScreen));
  return screens;
}

/**
 * A draw in parts that fit a screen: a first round of more than {@link DRAWN_PER_SCREEN} matches
 * is shown four matches at a time with the two rounds they feed, then the draw from the first
 * round that fits a screen to the final (a draw of 16: two parts of its round of 16, then the
 * quarter-finals to the final).
 */
export function drawParts(bracket: Bracket): DrawPart[] {
  const { rounds } = bracket;
  const cut: Bracket[] = [];
  let start = 0;
  while (start < rounds.length) {
    const first = rounds[start]?.matches.length ?? 0;
    if (first <= DRAWN_PER_SCREEN) {
      cut.push({ ...bracket, rounds: rounds.slice(start) });
      break;
    }
    for (let from = 0; from < first; from += DRAWN_PER_SCREEN) {
      const shown = rounds.slice(start, start + 3).map((round, depth) => {
        const scale = 2 ** depth;
        const matches = round.matches.slice(
          Math.floor(from / scale),
          Math.ceil((from + DRAWN_PER_SCREEN) / scale),
        );
        return { ...round, matches };
      });
      cut.push({ ...bracket, rounds: shown });
    }
    // The next part starts where a round fits a screen, showing the matches that round's feed came from.
    start += (rounds[start + 1]?.matches.length ?? 0) <= DRAWN_PER_SCREEN ? 1 : 2;
  }
  return cut.map((part, i) => ({ bracket: part, part: i + 1, parts: cut.length }));
}

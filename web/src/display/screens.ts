/**
 * What the hall display shows, screen by screen (docs/pages.md, "The hall display"): for each hall,
 * its courts now and next beside the latest results (eight courts a screen), its ranked standings
 * (or a team event's table of teams), and each knockout draw. Every screen holds what fits a TV
 * read from 5 m, so nothing ever scrolls.
 */
import { type Bracket, brackets } from "../lib/data/bracket.ts";
import { type CourtNow, courtsNow, hasResult } from "../lib/data/courts.ts";
import type { Match } from "../lib/data/matches.ts";
import { facilityMatches } from "../lib/data/players.ts";
import type { Event } from "../lib/data/registry.ts";
import type { DaySnapshot } from "../lib/data/snapshot.ts";
import { type Standings, type StandingsGroup, standings } from "../lib/data/standings.ts";
import { type TeamLine, teamTable } from "../lib/data/ties.ts";

/** Courts on one screen: four across, two down. */
export const COURTS_PER_SCREEN = 8;
/** Latest results beside the courts. */
export const RESULTS_SHOWN = 6;
/** Standings rows in one column of a screen (a table's heading counts as two). */
export const ROWS_PER_COLUMN = 11;
/** Columns of standings on one screen. */
export const COLUMNS_PER_SCREEN = 2;

interface OnScreen {
  facility: string;
}

export type Screen = OnScreen &
  (
    | { kind: "courts"; courts: CourtNow[]; results: Match[]; page: number; pages: number }
    | { kind: "standings"; table: Standings; columns: StandingsGroup[][] }
    | { kind: "teams"; lines: TeamLine[] }
    | { kind: "draw"; bracket: Bracket }
  );

/**
 * The screens of the day's halls (or of `facility` alone), in the order the display shows them.
 * @example screensOf(snapshot, event, "Rizal Hall", Date.now()).map((s) => s.kind) // ["courts", "standings", "draw"]
 */
export function screensOf(
  snapshot: DaySnapshot,
  event: Event,
  facility: string | undefined,
  now: number,
): Screen[] {
  const screens: Screen[] = [];
  for (const hall of snapshot.facilities) {
    if (hall.status === "skipped" || (facility !== undefined && hall.name !== facility)) continue;
    const matches = facilityMatches(hall, event.display);
    const name = hall.name;
    const courts = courtsNow(matches, snapshot.date, now);
    const results = matches.filter(hasResult).reverse().slice(0, RESULTS_SHOWN);
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
      for (const columns of inColumns(table.groups, COLUMNS_PER_SCREEN))
        screens.push({ facility: name, kind: "standings", table, columns });
    }
    for (const bracket of brackets(matches, event.display))
      screens.push({ facility: name, kind: "draw", bracket });
  }
  return screens;
}

/**
 * Standings tables packed into columns of {@link ROWS_PER_COLUMN} rows, `perScreen` columns a
 * screen; a table longer than a column is cut into parts, each with its heading.
 */
export function inColumns(groups: readonly StandingsGroup[], perScreen: number): StandingsGroup[][][] {
  // A few short tables get a column each, rather than one column and an empty one.
  if (groups.length <= perScreen && groups.every((group) => group.rows.length + 2 <= ROWS_PER_COLUMN))
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
    for (let from = 0; from < group.rows.length; from += ROWS_PER_COLUMN - 2) {
      const part = { ...group, rows: group.rows.slice(from, from + ROWS_PER_COLUMN - 2) };
      if (used + part.rows.length + 2 > ROWS_PER_COLUMN) close();
      column.push(part);
      used += part.rows.length + 2;
    }
  }
  close();
  const screens: StandingsGroup[][][] = [];
  for (let i = 0; i < columns.length; i += perScreen) screens.push(columns.slice(i, i + perScreen));
  return screens;
}

/**
 * Matches and standings tabs for the spectator rules' tests, written as objects: a row names only
 * the cells it cares about, the others are blank (or the day's date).
 */
import { CALL_COLUMNS } from "@tournament-ops/service/call-columns";
import { MATCH_COLUMNS, type MatchColumn } from "@tournament-ops/service/match-columns";
import { toCsv } from "../../src/lib/csv.ts";
import { type Match, matchesOf } from "../../src/lib/data/matches.ts";

/** Every match column, in the service's order (a row leaves the ones it does not name blank). */
const COLUMNS = MATCH_COLUMNS;

export type MatchCells = Partial<Record<MatchColumn, string | number>>;

/** A matches tab (`matchesCsv`); each row's date defaults to `date`. */
export function matchesCsv(rows: readonly MatchCells[], date = "2026-11-29"): string {
  return toCsv([
    [...COLUMNS],
    ...rows.map((row) => COLUMNS.map((column) => String(row[column] ?? (column === "date" ? date : "")))),
  ]);
}

/** The matches of a tab, as the pages read them. */
export function matches(rows: readonly MatchCells[], date?: string): Match[] {
  return matchesOf(matchesCsv(rows, date));
}

/** A standings tab: `Team Code, Player, Category, Played, Won, Lost, Points For, Points Against`. */
export function standingsCsv(
  rows: ReadonlyArray<[string, string, string, number, number, number, number, number]>,
): string {
  return toCsv([
    ["Team Code", "Player", "Category", "Played", "Won", "Lost", "Points For", "Points Against"],
    ...rows.map((row) => row.map(String)),
  ]);
}

/** A match won by side 1 (`[21, n]`) or side 2 (`[n, 21]`). */
export const beat = (winner: 1 | 2, loser = 15): { team1Score: number; team2Score: number } =>
  winner === 1 ? { team1Score: 21, team2Score: loser } : { team1Score: loser, team2Score: 21 };

/** One row of a facility's `CALLS` tab: the match, its court, its times as the tab writes them, its state. */
export type CallCells = [
  matchNumber: number,
  court: string,
  calledAt: string,
  startedAt: string,
  endedAt: string,
  state: string,
];

/** A facility's `callsCsv`, every call made by the operator console. */
export function callsCsv(rows: readonly CallCells[]): string {
  return toCsv([
    [...CALL_COLUMNS],
    ...rows.map(([matchNumber, court, calledAt, startedAt, endedAt, state]) => [
      String(matchNumber),
      court,
      calledAt,
      startedAt,
      endedAt,
      "Operator console",
      state,
    ]),
  ]);
}

import type { NotedCellWrite, TabHandle } from "../../ports/spreadsheet.ts";
import { AppError } from "../../shared/errors.ts";
import { SCHEDULE_TAB, type ScheduleMatch } from "./schedule-tab.ts";

/**
 * The score-entry write allowlist, the one gate before any workbook write of this feature: exactly
 * one match's two `SCHEDULE` score cells (team1Score then team2Score, on the match's row, never the
 * header row) and their notes. Anything else is refused before a request is made.
 * @example assertScoreWrite(match, read.tab, cells); await spreadsheets.writeCellsWithNotes(sheetId, read.tab, cells);
 */
export function assertScoreWrite(
  match: ScheduleMatch,
  tab: TabHandle,
  cells: readonly NotedCellWrite[],
): void {
  const allowed = [match.scoreColumns.team1Score, match.scoreColumns.team2Score];
  const ok =
    tab.title === SCHEDULE_TAB &&
    cells.length === 2 &&
    match.row > 0 &&
    allowed[0] !== allowed[1] &&
    cells.every(
      (cell, index) =>
        cell.row === match.row &&
        cell.column === allowed[index] &&
        (cell.value === null || (typeof cell.value === "number" && Number.isInteger(cell.value))) &&
        typeof cell.note === "string",
    );
  if (!ok)
    throw new AppError(
      "internal_error",
      "refused a score write outside one match's two SCHEDULE score cells",
    );
}

/**
 * The two cells of a score write with their note, checked by the allowlist.
 * @example scoreCells(match, read.tab, { team1Score: 21, team2Score: 17 }, "Ana (Court 3) · 2026-11-21 10:00")
 */
export function scoreCells(
  match: ScheduleMatch,
  tab: TabHandle,
  scores: { team1Score: number | null; team2Score: number | null },
  note: string,
): NotedCellWrite[] {
  const cells: NotedCellWrite[] = [
    {
      row: match.row,
      column: match.scoreColumns.team1Score,
      value: scores.team1Score,
      note,
    },
    {
      row: match.row,
      column: match.scoreColumns.team2Score,
      value: scores.team2Score,
      note,
    },
  ];
  assertScoreWrite(match, tab, cells);
  return cells;
}

import { CALL_COLUMNS } from "../../src/shared/call-columns.ts";
import type { TestCell } from "../support/workbooks.ts";

/** The workbook of `open-sat` / Hall A in the sample registry. */
export const HALL_A = "open-hall-a";
/** The workbook of `open-sat` / Hall B. */
export const HALL_B = "open-hall-b";

/** Zero-based columns of the score cells in `scheduleWorkbook()`. */
export const TEAM1_SCORE = 4;
export const TEAM2_SCORE = 5;

/**
 * A facility workbook for score entry: a `SCHEDULE` tab whose headers differ in case from
 * DESIGN.md's names, and `CSV` / `STANDINGSCSV` tabs computed from it, as generated workbooks are.
 * Match 1 is blank, 2 is scored 21–15, 3 has a formula score cell, 4 holds scores as text and
 * match 5 appears twice; 6 and 7 are blank. Its `CALLS` tab has no calls yet (the first sync made it).
 * @example await backend.seed(HALL_A, scheduleWorkbook());
 */
export function scheduleWorkbook(): Record<string, TestCell[][]> {
  return {
    SCHEDULE: [
      ["MatchNumber", "Court", "TeamCode1", "teamcode2", "Team1Score", "TEAM2SCORE"],
      [1, "C1", "MS_1", "MS_2", null, null],
      [2, "C2", "MS_3", "MS_4", 21, 15],
      [3, "C3", "MS_5", "MS_6", "=10+11", null],
      [4, "C4", "MS_7", "MS_8", "21", "19"],
      [5, "C5", "MS_9", "MS_10", null, null],
      [5, "C6", "MS_11", "MS_12", null, null],
      [6, "C1", "MS_13", "MS_14", null, null],
      [7, "C2", "MS_15", "MS_16", null, null],
    ],
    CSV: [
      ["matchNumber", "court", "teamCode1", "teamCode2", "team1Score", "team2Score"],
      ...[2, 3].map((row) =>
        ["A", "B", "C", "D", "E", "F"].map(
          (column) => `=IF(SCHEDULE!${column}${row}="","",SCHEDULE!${column}${row})`,
        ),
      ),
    ],
    STANDINGSCSV: [
      ["Team Code", "Player"],
      ["MS_1", "Ana Cruz"],
      ["MS_2", "Bea Lim"],
    ],
    CALLS: [[...CALL_COLUMNS]],
  };
}

/** A score PUT body. */
export function scoreBody(
  expected: [number | null, number | null],
  scores: [number | null, number | null],
): {
  expected: { team1Score: number | null; team2Score: number | null };
  team1Score: number | null;
  team2Score: number | null;
} {
  return {
    expected: { team1Score: expected[0], team2Score: expected[1] },
    team1Score: scores[0],
    team2Score: scores[1],
  };
}

/** The score path of a match of `open-sat`. */
export const scorePath = (
  match: number | string,
  facility = "Hall A",
  version: "v3" | "v1" = "v3",
  day = "open-sat",
) =>
  `/${version}/days/${encodeURIComponent(day)}/facilities/${encodeURIComponent(facility)}/matches/${encodeURIComponent(String(match))}/score`;

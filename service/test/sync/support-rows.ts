/** Test workbook rows: a facility's `CSV` and `STANDINGSCSV` tabs. */

import { MATCH_COLUMNS } from "../../src/shared/match-columns.ts";

/** The match columns these rows fill: all but the date, the round and the referee. */
export const MATCH_HEADER: string[] = MATCH_COLUMNS.filter(
  (name) => name !== "date" && name !== "round" && name !== "referee",
);

/** A facility's `CSV` tab: `count` matches, match `n` of the facility scored `score`-`n` when given. */
export function matchRows(
  facility: string,
  count: number,
  score: number | null = null,
): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [MATCH_HEADER];
  for (let n = 1; n <= count; n++) {
    rows.push([
      n,
      "09:00",
      `${facility} ${((n - 1) % 4) + 1}`,
      "MS",
      `MS_${n}`,
      `Player ${n}, Jr.`,
      `MS_${n + 100}`,
      `Player "${n + 100}"`,
      score,
      score === null ? null : n % 22,
    ]);
  }
  return rows;
}

export const standingsRows = (facility: string) => [
  ["Team Code", "Player", "Points"],
  ["MS_1", `${facility} Player 1`, 3],
];

/** Test workbook rows: a facility's `CSV` and `STANDINGSCSV` tabs. */

export const MATCH_HEADER = [
  "matchNumber",
  "time",
  "court",
  "category",
  "teamCode1",
  "team1",
  "teamCode2",
  "team2",
  "team1Score",
  "team2Score",
];

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

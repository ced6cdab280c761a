import type { SeedCell } from "../../fakes/sheets-workbook-model.ts";

/** The attendance header row the spec fixes (columns A to G). */
export const ATTENDANCE_HEADER = ["key", "player", "teams", "categories", "present", "timeIn", "withdrawn"];

/** The workbooks of the sample registry's facilities that have a `sheetId`. */
export const FACILITY_SHEETS: Record<string, string> = {
  "open-sat/Hall A": "open-hall-a",
  "open-sat/Hall B": "open-hall-b",
  "open-sun/Hall A": "open-sun-hall-a",
  "dual-d1/Court House": "dual-court",
  "teams-d1/Arena": "teams-arena",
};

/** The players of a standard-event facility: `MS_<n>` singles entries. */
export function players(count: number): Array<{ code: string; name: string; key: string }> {
  return Array.from({ length: count }, (_, i) => ({
    code: `MS_${i + 1}`,
    name: `Player ${i + 1}`,
    key: `player ${i + 1}`,
  }));
}

/**
 * A facility workbook as the Sheets fake seeds it: a `SCHEDULE` tab with `matches` blank matches,
 * the `CSV` and `STANDINGSCSV` tabs the sync publishes, and an `ATTENDANCE` tab listing the
 * roster (nobody present yet). `played` matches show a result in `CSV` only.
 * @example fake.setWorkbook("open-hall-a", facilityWorkbook({ matches: 4, people: 6 }));
 */
export function facilityWorkbook(options: {
  matches: number;
  people: number;
  played?: number;
}): Record<string, SeedCell[][]> {
  const roster = players(options.people);
  const matches = Array.from({ length: options.matches }, (_, i) => i + 1);
  const pair = (m: number) => [
    `MS_${((2 * m - 2) % options.people) + 1}`,
    `MS_${((2 * m - 1) % options.people) + 1}`,
  ];
  return {
    SCHEDULE: [
      ["matchNumber", "court", "teamCode1", "teamCode2", "team1Score", "team2Score"],
      ...matches.map((m) => [m, `C${m}`, ...pair(m), null, null]),
    ],
    CSV: [
      ["matchNumber", "court", "teamCode1", "teamCode2", "team1Score", "team2Score"],
      // The first `played` matches show a result, so a workbook can differ from its last snapshot.
      ...matches.map((m) => [
        m,
        `C${m}`,
        ...pair(m),
        m <= (options.played ?? 0) ? 21 : "",
        m <= (options.played ?? 0) ? 12 : "",
      ]),
    ],
    STANDINGSCSV: [["Team Code", "Player"], ...roster.map((p) => [p.code, p.name])],
    ATTENDANCE: [ATTENDANCE_HEADER, ...roster.map((p) => [p.key, p.name, p.code, "MS", false, "", false])],
  };
}

/**
 * The match columns of DESIGN.md, found by header name (case-insensitive) wherever matches are
 * read: the `CSV` tab, the snapshot's `matchesCsv`, the scoresheet upload. The merged day CSV adds
 * `facility`. `team1`/`team2` hold a side's players joined with ` / `.
 */
export const MATCH_COLUMNS = [
  "matchNumber",
  "date",
  "time",
  "court",
  "category",
  "round",
  "teamCode1",
  "team1",
  "teamCode2",
  "team2",
  "team1Score",
  "team2Score",
  "referee",
] as const;

export type MatchColumn = (typeof MATCH_COLUMNS)[number];

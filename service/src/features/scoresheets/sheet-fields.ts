import type { SheetFields } from "./layouts/index.ts";
import { printable } from "./pdf/win-ansi.ts";
import type { Match, SheetItem } from "./types.ts";

/** The CSV columns a sheet prints (besides the event title). */
export const PRINTED_COLUMNS = [
  "matchNumber",
  "category",
  "round",
  "court",
  "date",
  "time",
  "referee",
  "teamCode1",
  "team1",
  "teamCode2",
  "team2",
] as const satisfies readonly (keyof Match)[];

/**
 * Every text a document prints, as in the CSV: what its embedded fonts must cover.
 *
 * @example
 * [...printedTexts([match, null], "Open")]; // ["Open", "101", "Mixed Doubles", …]
 */
export function* printedTexts(items: readonly SheetItem[], title: string): Iterable<string> {
  yield title;
  for (const item of items) if (item) for (const column of PRINTED_COLUMNS) yield item[column];
}

/**
 * The text printed on one sheet (see `printable`), from the {@link PRINTED_COLUMNS}. A side's
 * players ("A / B", DESIGN.md's " / ") go on two lines; a blank sheet keeps only the event title,
 * so it still belongs to its event.
 *
 * @example
 * sheetFields({ ...match, team1: "Ana Cruz / Bo Lim" }, "Open").team1Second; // "Bo Lim"
 */
export function sheetFields(item: SheetItem, title: string): SheetFields {
  const t = (value: string) => printable(value).trim();
  if (!item) {
    return {
      title: t(title),
      ...{ matchNumber: "", category: "", round: "", court: "", date: "", time: "", referee: "" },
      ...{ teamCode1: "", team1First: "", team1Second: "", teamCode2: "", team2First: "", team2Second: "" },
    };
  }
  const [team1First, team1Second] = playerLines(item.team1);
  const [team2First, team2Second] = playerLines(item.team2);
  return {
    title: t(title),
    matchNumber: t(item.matchNumber),
    category: t(item.category),
    round: t(item.round),
    court: t(item.court),
    date: t(item.date),
    time: t(item.time),
    referee: t(item.referee),
    teamCode1: t(item.teamCode1),
    team1First: t(team1First),
    team1Second: t(team1Second),
    teamCode2: t(item.teamCode2),
    team2First: t(team2First),
    team2Second: t(team2Second),
  };
}

function playerLines(team: string): [string, string] {
  const players = team
    .split(/\s+\/\s+/)
    .map((name) => name.trim())
    .filter((name) => name !== "");
  return [players[0] ?? "", players.slice(1).join(" / ")];
}

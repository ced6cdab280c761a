/**
 * A facility's matches from its `matchesCsv` (columns found by header name, as the service's
 * design says: matchNumber, date, time, court, category, round, teamCode1, team1, teamCode2,
 * team2, team1Score, team2Score, referee), in time and court order.
 */
import { csvTable } from "../csv.ts";
import { minutesOf } from "./match-time.ts";

export interface Match {
  /** The match's header and cells: equal keys make the same (identical) object, so unchanged rows are not drawn again. */
  key: string;
  number: string;
  date: string;
  time: string;
  court: string;
  category: string;
  round: string;
  teamCode1: string;
  team1: string;
  teamCode2: string;
  team2: string;
  score1: string;
  score2: string;
  referee: string;
  /** 1 or 2 when both scores are numbers and differ; undefined while unplayed or level. */
  winner: 1 | 2 | undefined;
  /** Date, time, court and number with their numbers padded, so plain comparison puts Court 2 before Court 10. */
  order: string;
}

const byText = new Map<string, Match[]>();
const byLine = new Map<string, Match>();

/** The matches of a facility, sorted by date, time, court (numbers in names compared as numbers), number. */
export function matchesOf(csv: string): Match[] {
  const known = byText.get(csv);
  if (known !== undefined) return known;
  const table = csvTable(csv);
  // The header is part of the key: the same cells under another header are another match.
  const header = table.header.join("\u0001");
  const matches = table.rows.map((cells) => {
    const line = `${header}\u0002${cells.join("\u0001")}`;
    let match = byLine.get(line);
    if (match === undefined) {
      const cell = (name: string) => {
        const column = table.column(name);
        return column >= 0 ? (cells[column] ?? "").trim() : "";
      };
      const [score1, score2] = [cell("team1Score"), cell("team2Score")];
      match = {
        key: line,
        number: cell("matchNumber"),
        date: cell("date"),
        time: cell("time"),
        court: cell("court"),
        category: cell("category"),
        round: cell("round"),
        teamCode1: cell("teamCode1"),
        team1: cell("team1"),
        teamCode2: cell("teamCode2"),
        team2: cell("team2"),
        score1,
        score2,
        referee: cell("referee"),
        winner: winnerOf(score1, score2),
        order: [cell("date"), timeOrder(cell("time")), cell("court"), cell("matchNumber")]
          .map((part) => part.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(8, "0")))
          .join("\u0000"),
      };
      byLine.set(line, match);
    }
    return match;
  });
  matches.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  // Bounded caches: a long day on one phone never grows them without end.
  if (byText.size >= 32) byText.clear();
  if (byLine.size >= 20_000) byLine.clear();
  byText.set(csv, matches);
  return matches;
}

function winnerOf(score1: string, score2: string): 1 | 2 | undefined {
  if (!/^\d+$/.test(score1) || !/^\d+$/.test(score2)) return undefined;
  const [a, b] = [Number(score1), Number(score2)];
  return a === b ? undefined : a > b ? 1 : 2;
}

/** A start time in the order of the day: read as minutes where it is a time (`1:00 PM` after `10:00`). */
function timeOrder(time: string): string {
  const minutes = minutesOf(time);
  return minutes === undefined ? time : String(minutes);
}

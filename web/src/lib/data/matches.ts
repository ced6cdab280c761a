/**
 * A facility's matches from its `matchesCsv`, the service's match columns found by header name
 * (`MATCH_COLUMNS`), in time and court order.
 */
import { MATCH_COLUMNS, type MatchColumn } from "@tournament-ops/service/match-columns";
import type { Call } from "../courts/calls.ts";
import { type CsvTable, csvTable, parseCsv } from "../csv.ts";
import { minutesOf } from "./match-time.ts";

/** A match: each match column as trimmed text ("" when absent), and what pages derive from them. */
export interface Match extends Record<MatchColumn, string> {
  /** The match's header and cells: equal keys make the same (identical) object, so unchanged rows are not drawn again. */
  key: string;
  /** 1 or 2 when both scores are numbers and differ; undefined while unplayed or level. */
  winner: 1 | 2 | undefined;
  /** Date, time, court and number with their numbers padded, so plain comparison puts Court 2 before Court 10. */
  order: string;
  /**
   * The match's latest call to a court, once the facility's calls are read (`courts.ts`,
   * `placedByCalls`); `court` is then the court it is called to, or was played on.
   */
  call?: Call;
}

const byText = new Map<string, Match[]>();
/**
 * Each record's match by its header, then its record text: a record seen before is the same
 * object. (By header first: a look-up hashes the record alone, not the header with it.)
 */
const byLine = new Map<string, Map<string, Match | null>>();
let linesKept = 0;

/** The matches of a facility, sorted by date, time, court (numbers in names compared as numbers), number. */
export function matchesOf(csv: string): Match[] {
  const known = byText.get(csv);
  if (known !== undefined) return known;
  const matches = (byPhysicalLine(csv) ?? byRecord(csv)).filter((match) => match !== null);
  matches.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  // Bounded caches: a long day on one phone never grows them without end.
  if (byText.size >= 32) byText.clear();
  if (linesKept >= 20_000) {
    byLine.clear();
    linesKept = 0;
  }
  byText.set(csv, matches);
  return matches;
}

/** The match of `record` under `header`, read by `read` only the first time it is seen. */
function remembered(header: string, record: string, read: (key: string) => Match | null): Match | null {
  let seen = byLine.get(header);
  if (seen === undefined) {
    seen = new Map();
    byLine.set(header, seen);
  }
  let match = seen.get(record);
  if (match === undefined) {
    match = read(`${header}\n${record}`);
    seen.set(record, match);
    linesKept++;
  }
  return match;
}

/**
 * When no quoted field holds a line break (every line has its quotes in pairs), each line is a
 * record: only the lines not seen before are read, so a score arriving in a 300-match hall reads
 * one line, not the hall. Undefined otherwise.
 */
function byPhysicalLine(csv: string): Array<Match | null> | undefined {
  // The service's CSV ends its lines in \n and quotes a cell only when it must: most halls have no
  // quote and no CR, so no line is searched for either.
  const lines = csv.split("\n");
  if (csv.includes("\r"))
    for (const [i, line] of lines.entries()) if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  if (csv.includes('"') && !lines.every(quotesPaired)) return undefined;
  const headerLine = lines[0] ?? "";
  let positions: Positions | undefined;
  const records: Array<Match | null> = [];
  for (let i = 1; i < lines.length; i++) {
    const record = lines[i] as string;
    records.push(
      remembered(headerLine, record, (key) => {
        positions ??= positionsOf(csvTable(headerLine));
        return matchOf(positions, parseCsv(record)[0] ?? [], key);
      }),
    );
  }
  return records;
}

function quotesPaired(line: string): boolean {
  let quotes = 0;
  for (let at = line.indexOf('"'); at >= 0; at = line.indexOf('"', at + 1)) quotes++;
  return quotes % 2 === 0;
}

/** Every record read: the way for a hall whose quoted fields hold line breaks. */
function byRecord(csv: string): Array<Match | null> {
  const table = csvTable(csv);
  const header = `\u0002${table.header.join("\u0001")}`;
  const positions = positionsOf(table);
  return table.rows.map((cells) =>
    remembered(header, cells.join("\u0001"), (key) => matchOf(positions, cells, key)),
  );
}

/** Where each match column is in a header's cells (-1 when absent), in `MATCH_COLUMNS` order. */
type Positions = readonly number[];

const positionsOf = (table: Pick<CsvTable, "column">): Positions =>
  MATCH_COLUMNS.map((name) => table.column(name));

/**
 * The match of a record's cells, or null for a blank record. Built field by field, without the
 * arrays and the copy an object spread makes: a hall seen for the first time makes 300 of these
 * on the phone's time, and what they leave behind is collected right after (the page bench's
 * views, docs/pages.md).
 */
function matchOf(positions: Positions, cells: string[], key: string): Match | null {
  if (cells.every((cell) => cell.trim() === "")) return null;
  const match = { key } as Match;
  for (let i = 0; i < MATCH_COLUMNS.length; i++) {
    const at = positions[i] as number;
    match[MATCH_COLUMNS[i] as MatchColumn] = at >= 0 ? (cells[at] ?? "").trim() : "";
  }
  match.winner = winnerOf(match.team1Score, match.team2Score);
  match.order = `${sortable(match.date)}\u0000${sortable(timeOrder(match.time))}\u0000${sortable(match.court)}\u0000${sortable(match.matchNumber)}`;
  return match;
}

const ALL_DIGITS = /^\d+$/;
const SOME_DIGIT = /\d/;
const DIGITS = /\d+/g;
const padded = (digits: string) => digits.padStart(8, "0");

/** A part of a match's `order`: lower case, its numbers padded so that they compare as numbers. */
function sortable(part: string): string {
  if (ALL_DIGITS.test(part)) return padded(part);
  const lower = part.toLowerCase();
  return SOME_DIGIT.test(lower) ? lower.replace(DIGITS, padded) : lower;
}

function winnerOf(score1: string, score2: string): 1 | 2 | undefined {
  if (!ALL_DIGITS.test(score1) || !ALL_DIGITS.test(score2)) return undefined;
  const a = Number(score1);
  const b = Number(score2);
  return a === b ? undefined : a > b ? 1 : 2;
}

/** A start time in the order of the day: read as minutes where it is a time (`1:00 PM` after `10:00`). */
function timeOrder(time: string): string {
  const minutes = minutesOf(time);
  return minutes === undefined ? time : String(minutes);
}

import { CsvError, parse } from "csv-parse/sync";
import { AppError } from "../../shared/errors.ts";
import { MATCH_COLUMNS } from "../../shared/match-columns.ts";
import type { Match } from "./types.ts";

const COLUMNS = [...MATCH_COLUMNS, "facility"] as const satisfies readonly (keyof Match)[];

/** More matches than this in one upload is refused, so one request cannot hold a renderer for minutes. */
export const MAX_MATCHES = 10_000;

/** A row that could not be read, by its 1-based line number in the file. */
export interface RowProblem {
  line: number;
  problem: string;
}

/**
 * Reads the matches CSV (DESIGN.md's match columns, found by header name, case-insensitively;
 * unknown columns ignored; BOM, CRLF, quotes and embedded commas/newlines handled; blank rows skipped).
 *
 * @throws AppError `validation_error` naming the missing header, or the bad rows by line number
 *   (`extra.problems`).
 * @example
 * parseMatchesCsv("matchNumber,team1\n1,Ana / Bo\n"); // [{ matchNumber: "1", team1: "Ana / Bo", ... }]
 */
export function parseMatchesCsv(text: string): Match[] {
  const rows = readRecords(text);
  const header = rows.shift();
  if (!header)
    throw new AppError("validation_error", "the CSV is empty: it needs a header row with matchNumber");
  const index = columnIndex(header.record);
  if (index.matchNumber === undefined) {
    throw new AppError("validation_error", "the CSV header has no matchNumber column");
  }
  const matches: Match[] = [];
  const problems: RowProblem[] = [];
  for (const { record, line } of rows) {
    if (record.every((cell) => cell.trim() === "")) continue;
    const match = toMatch(record, index);
    if (match.matchNumber === "") problems.push({ line, problem: "matchNumber is empty" });
    else matches.push(match);
  }
  if (problems.length > 0) {
    const lines = problems.map((p) => p.line);
    const shown = lines.slice(0, 10).join(", ") + (lines.length > 10 ? ", …" : "");
    throw new AppError("validation_error", `bad rows in the CSV (line ${shown}): matchNumber is empty`, {
      problems,
    });
  }
  if (matches.length > MAX_MATCHES) {
    throw new AppError("validation_error", `the CSV has ${matches.length} matches; at most ${MAX_MATCHES}`);
  }
  return matches;
}

interface CsvRecord {
  record: string[];
  line: number;
}

function readRecords(text: string): CsvRecord[] {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // info.lines is the line where the record ends; a record with embedded newlines starts earlier.
    return records.map(({ record, info }) => ({
      record,
      line: info.lines - countNewlines(record),
    }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new AppError(
        "validation_error",
        `the CSV is malformed${line ? ` at line ${line}` : ""}: ${error.message}`,
      );
    }
    throw error;
  }
}

function countNewlines(record: string[]): number {
  let count = 0;
  for (const cell of record) for (const char of cell) if (char === "\n") count++;
  return count;
}

type ColumnIndex = Partial<Record<keyof Match, number>>;

function columnIndex(header: string[]): ColumnIndex {
  const byName = new Map(COLUMNS.map((name) => [name.toLowerCase(), name]));
  const index: ColumnIndex = {};
  header.forEach((cell, position) => {
    const name = byName.get(cell.trim().toLowerCase());
    if (name && index[name] === undefined) index[name] = position;
  });
  return index;
}

function toMatch(record: string[], index: ColumnIndex): Match {
  const cell = (name: keyof Match): string => {
    const position = index[name];
    return position === undefined ? "" : (record[position] ?? "").trim();
  };
  return Object.fromEntries(COLUMNS.map((name) => [name, cell(name)])) as unknown as Match;
}

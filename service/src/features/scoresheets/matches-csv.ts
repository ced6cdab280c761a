import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError } from "csv-parse";
import { csvRecordReader } from "../../shared/csv.ts";
import { AppError } from "../../shared/errors.ts";
import { fairYield } from "../../shared/fair-yield.ts";
import { MATCH_COLUMNS } from "../../shared/match-columns.ts";
import type { Match } from "./types.ts";

const COLUMNS = [...MATCH_COLUMNS, "facility"] as const;

/**
 * The bounds of one upload's CSV. Reading stops at the row after the limit, so a file of millions
 * of short lines costs no more than one of `MAX_MATCHES + 1` rows.
 */
export const CSV_LIMITS = Object.freeze({
  /** Rows after the header (blank rows included): one request cannot hold a renderer for minutes. */
  maxRows: 10_000,
  /** Characters in one record (a line, or several when a quoted cell holds line breaks). */
  maxRecordChars: 4096,
  /** Characters in one cell: a team of two long names is under 100. */
  maxCellChars: 500,
  /** Bad rows listed in the error; the rest are counted. */
  problemsListed: 20,
  /**
   * Bytes parsed in one step, between which the thread may go to other requests (`fairYield`):
   * at most 256 records (a row bomb's two-byte rows), about a millisecond.
   */
  sliceBytes: 512,
});

/** More matches than this in one upload is refused. */
export const MAX_MATCHES = CSV_LIMITS.maxRows;

/** A row that could not be read, by its 1-based line number in the file. */
export interface RowProblem {
  line: number;
  problem: string;
}

/**
 * Reads the matches CSV from a stream (an upload's file part, or `Readable.from([text])`), a slice
 * at a time with the thread given back between slices, keeping only the matches (DESIGN.md's match columns, found by header name, case-insensitively; unknown columns
 * ignored; BOM, any mix of CRLF/LF/CR, quotes and embedded commas/newlines handled; blank rows skipped).
 *
 * @throws AppError `validation_error`: a missing header, more than `CSV_LIMITS.maxRows` rows (as soon
 *   as the row after the limit is read), a record or cell over its length, a malformed CSV, or bad
 *   rows (`extra.problems`: the first 20 by line number; `extra.problemCount`: all of them).
 * @example const matches = await readMatchesCsv(part.file, request.signal);
 */
export async function readMatchesCsv(source: Readable, signal?: AbortSignal): Promise<Match[]> {
  const rows = new MatchRows();
  const reader = csvRecordReader((record, line) => rows.add(record, line), CSV_LIMITS);
  reader.resume();
  try {
    await pipeline(source, inSlices, reader, signal ? { signal } : {});
  } catch (error) {
    throw asValidationError(error);
  }
  return rows.finish();
}

/** Passes the bytes on in slices of `CSV_LIMITS.sliceBytes`, letting other work run between them. */
async function* inSlices(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    for (let at = 0; at < bytes.length; at += CSV_LIMITS.sliceBytes) {
      await fairYield();
      yield bytes.subarray(at, at + CSV_LIMITS.sliceBytes);
    }
  }
}

/** The matches read so far, and the bad rows: the first few kept, all counted. */
class MatchRows {
  #index: ColumnIndex | undefined;
  #rows = 0;
  readonly #matches: Match[] = [];
  readonly #problems: RowProblem[] = [];
  #problemCount = 0;

  add(record: string[], line: number): void {
    if (!this.#index) {
      this.#index = columnIndex(record);
      if (this.#index.matchNumber === undefined) {
        throw new AppError("validation_error", "the CSV header has no matchNumber column");
      }
      return;
    }
    if (++this.#rows > CSV_LIMITS.maxRows) {
      throw new AppError(
        "validation_error",
        `the CSV has more than ${CSV_LIMITS.maxRows} rows after its header; at most ${MAX_MATCHES} matches at once`,
      );
    }
    if (record.every((cell) => cell.trim() === "")) return;
    if (record.some((cell) => cell.length > CSV_LIMITS.maxCellChars)) {
      this.#problem(line, `a cell is longer than ${CSV_LIMITS.maxCellChars} characters`);
      return;
    }
    const match = toMatch(record, this.#index);
    if (match.matchNumber === "") this.#problem(line, "matchNumber is empty");
    else this.#matches.push(match);
  }

  finish(): Match[] {
    if (!this.#index) {
      throw new AppError("validation_error", "the CSV is empty: it needs a header row with matchNumber");
    }
    if (this.#problemCount > 0) {
      const lines = this.#problems.map((p) => p.line);
      const shown = lines.slice(0, 10).join(", ") + (this.#problemCount > 10 ? ", …" : "");
      const kinds = [...new Set(this.#problems.map((p) => p.problem))].join("; ");
      throw new AppError(
        "validation_error",
        `${this.#problemCount} bad row${this.#problemCount === 1 ? "" : "s"} in the CSV (line ${shown}): ${kinds}`,
        { problems: this.#problems, problemCount: this.#problemCount },
      );
    }
    return this.#matches;
  }

  #problem(line: number, problem: string): void {
    this.#problemCount++;
    if (this.#problems.length < CSV_LIMITS.problemsListed) this.#problems.push({ line, problem });
  }
}

function asValidationError(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` at line ${line}` : "";
  if (error.code === "CSV_MAX_RECORD_SIZE") {
    return new AppError(
      "validation_error",
      `the CSV has a row longer than ${CSV_LIMITS.maxRecordChars} characters${where}`,
    );
  }
  return new AppError("validation_error", `the CSV is malformed${where}: ${error.message}`);
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
  const match = {} as Match;
  for (const name of COLUMNS) {
    const position = index[name];
    match[name] = position === undefined ? "" : (record[position] ?? "").trim();
  }
  return match;
}

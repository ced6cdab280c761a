import { type Options, type Parser, parse as parseStream } from "csv-parse";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { CellValue, Rows } from "./cells.ts";

/** Cells as their text: `true`/`false` spelled out (csv-stringify's default would write `1` and ``). */
const CAST = { boolean: (value: boolean) => String(value) };

function write(rows: readonly (readonly CellValue[])[], recordDelimiter: string, eof: boolean): string {
  let width = 0;
  for (const row of rows) width = Math.max(width, row.length);
  const padded = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? null));
  // A line break of either kind is quoted whatever the record delimiter is (RFC 4180).
  return stringify(padded, { record_delimiter: recordDelimiter, eof, cast: CAST, quoted_match: /[\r\n]/ });
}

const isBlank = (row: readonly CellValue[] | undefined) =>
  (row ?? []).every((cell) => cell === null || cell === "");

/**
 * The service's CSV (a snapshot's `matchesCsv`, `standingsCsv`, `rosterCsv`): RFC 4180 quoting,
 * every record as wide as the widest and ended by `\n`; blank rows at the end are dropped.
 * @example toCsv([["matchNumber", "team1"], [1, "A, B"]]) // 'matchNumber,team1\n1,"A, B"\n'
 */
export function toCsv(rows: Rows): string {
  let end = rows.length;
  while (end > 0 && isBlank(rows[end - 1])) end--;
  return write(rows.slice(0, end), "\n", true);
}

/**
 * A tab as a spreadsheet's CSV export writes it: every row, as wide as the widest, CRLF between
 * records and none after the last.
 * @example toExportCsv([["a", "b,c"], ["1"]]) // 'a,"b,c"\r\n1,'
 */
export function toExportCsv(rows: Rows): string {
  return write(rows, "\r\n", false);
}

/**
 * The record delimiters every CSV the service reads accepts: CRLF, LF and a lone CR, mixed freely in
 * one file (a hand-edited file often mixes them). CRLF is listed first so that it is one line break.
 */
export const LINE_BREAKS = ["\r\n", "\n", "\r"];

/**
 * Parses CSV text into rows of strings (any mix of `LINE_BREAKS`), leniently: a stray quote is kept as
 * text and rows may differ in width, so a hand-edited file still reads.
 * @example parseCsv('a,"b,c"\n1,2\n') // [["a", "b,c"], ["1", "2"]]
 */
export function parseCsv(text: string): string[][] {
  return parse(text, {
    record_delimiter: LINE_BREAKS,
    relax_quotes: true,
    relax_column_count: true,
    skip_records_with_error: true,
  }) as string[][];
}

/** Receives one record and the line it starts on (1-based); nothing is kept after the call. */
export type RecordSink = (record: string[], line: number) => void;

/**
 * Strict reading for an upload: a quote must close, a BOM is dropped, any mix of `LINE_BREAKS`,
 * empty lines skipped, rows may differ in width, and a record longer than `maxRecordChars`
 * characters is an error (so one endless line cannot grow a buffer). Each record goes to `sink`
 * as it is read; the parser keeps none.
 */
function strictOptions(sink: RecordSink, maxRecordChars: number): Options {
  return {
    bom: true,
    record_delimiter: LINE_BREAKS,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: maxRecordChars,
    on_record: (record: string[], context) => {
      // `lines` is the line the record ends on; a quoted cell with line breaks starts it earlier.
      sink(record, context.lines - lineBreaksIn(record));
      return null;
    },
  };
}

function lineBreaksIn(record: string[]): number {
  let count = 0;
  for (const cell of record) count += cell.match(/\r\n|\n|\r/g)?.length ?? 0;
  return count;
}

/**
 * A streaming strict CSV reader (see `strictOptions`): write bytes in, records come out through
 * `sink` one by one, a chunk at a time, so a large upload never sits in memory nor holds the thread.
 * It emits nothing itself; errors are `csv-parse`'s `CsvError` or whatever `sink` throws.
 * @example await pipeline(upload, csvRecordReader((record, line) => rows.add(record, line), { maxRecordChars: 4096 }));
 */
export function csvRecordReader(sink: RecordSink, options: { maxRecordChars: number }): Parser {
  return parseStream(strictOptions(sink, options.maxRecordChars));
}

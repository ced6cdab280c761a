const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Reads CSV text as the service writes it (RFC 4180: a quoted field may hold commas, quotes doubled
 * and line breaks; lines end in `\n` or `\r\n`). Fields are sliced, not built a character at a
 * time: a 300-match hall is read again on every score that arrives.
 * @example parseCsv('a,b\n1,"x, y"\n') // [["a", "b"], ["1", "x, y"]]
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 0;
  while (at < text.length) {
    let field = "";
    if (text.charCodeAt(at) === QUOTE) {
      let from = at + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) {
          field += text.slice(from);
          at = text.length;
          break;
        }
        field += text.slice(from, quote);
        if (text.charCodeAt(quote + 1) !== QUOTE) {
          at = quote + 1;
          break;
        }
        field += '"';
        from = quote + 2;
      }
    }
    // An unquoted field, or whatever follows a closing quote before the next comma or line end.
    const start = at;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code === COMMA || code === LF || code === CR) break;
      at++;
    }
    row.push(field + text.slice(start, at));
    const code = text.charCodeAt(at);
    if (code === COMMA) {
      at++;
      if (at === text.length) row.push("");
      continue;
    }
    rows.push(row);
    row = [];
    at += code === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** A CSV row read by header name: `get("Team Code")` ignores case and surrounding spaces. */
export interface CsvTable {
  /** The header cells as written. */
  header: string[];
  /** Data rows, blank rows left out. */
  rows: string[][];
  /** The column of a header name (case-insensitive), or -1. */
  column(name: string): number;
}

/**
 * A CSV text with a header row, read by header name.
 * @example const t = csvTable("Team Code,Player\nMS_1,Ana\n"); t.rows[0][t.column("player")] // "Ana"
 */
export function csvTable(text: string): CsvTable {
  const [header = [], ...body] = parseCsv(text);
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!index.has(key)) index.set(key, i);
  });
  return {
    header,
    rows: body.filter((cells) => cells.some((cell) => cell.trim() !== "")),
    column: (name) => index.get(name.trim().toLowerCase()) ?? -1,
  };
}

/**
 * CSV text from rows (RFC 4180): a field holding a comma, a quote or a line break is quoted, its
 * quotes doubled; lines end in `\n`.
 * @example toCsv([["a", "b"], ["1", "x, y"]]) // 'a,b\n1,"x, y"\n'
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return rows.map((row) => `${row.map(field).join(",")}\n`).join("");
}

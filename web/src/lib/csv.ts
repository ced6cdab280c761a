/**
 * Reads CSV text as the service writes it (RFC 4180: a quoted field may hold commas, quotes doubled
 * and line breaks; lines end in `\n` or `\r\n`).
 * @example parseCsv('a,b\n1,"x, y"\n') // [["a", "b"], ["1", "x, y"]]
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
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

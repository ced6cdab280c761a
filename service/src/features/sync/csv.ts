import type { Rows } from "../../ports/spreadsheet.ts";

const NEEDS_QUOTES = /[",\r\n]/;

function field(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Writes rows as CSV text (RFC 4180: a field with a comma, quote or line break is quoted, quotes
 * doubled; lines end in `\n`). Rows are padded to the widest row; empty rows at the end are dropped.
 * @example toCsv([["matchNumber", "team1"], [1, "A, B"]]) // "matchNumber,team1\n1,\"A, B\"\n"
 */
export function toCsv(rows: Rows): string {
  let end = rows.length;
  while (end > 0 && (rows[end - 1] ?? []).every((cell) => cell === null || cell === "")) end--;
  let width = 0;
  for (let i = 0; i < end; i++) width = Math.max(width, rows[i]?.length ?? 0);
  let out = "";
  for (let i = 0; i < end; i++) {
    const row = rows[i] ?? [];
    const cells: string[] = new Array(width);
    for (let c = 0; c < width; c++) cells[c] = field(row[c]);
    out += `${cells.join(",")}\n`;
  }
  return out;
}

/**
 * Parses CSV text into rows of strings (quoted fields, doubled quotes, `\n` or `\r\n`).
 * @example parseCsv('a,"b,c"\n1,2\n') // [["a", "b,c"], ["1", "2"]]
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let value: string;
    if (text[i] === '"') {
      let j = i + 1;
      value = "";
      for (;;) {
        const q = text.indexOf('"', j);
        if (q === -1) {
          value += text.slice(j);
          j = n;
          break;
        }
        value += text.slice(j, q);
        if (text[q + 1] === '"') {
          value += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      i = j;
    } else {
      let j = i;
      while (j < n && text[j] !== "," && text[j] !== "\n" && text[j] !== "\r") j++;
      value = text.slice(i, j);
      i = j;
    }
    row.push(value);
    if (i >= n) break;
    if (text[i] === ",") {
      i++;
      if (i >= n) row.push("");
    } else {
      if (text[i] === "\r") i++;
      if (text[i] === "\n") i++;
      rows.push(row);
      row = [];
    }
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

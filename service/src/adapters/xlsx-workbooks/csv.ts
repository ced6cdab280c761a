import type { Rows } from "../../ports/spreadsheet.ts";

/**
 * Rows as RFC 4180 CSV, the way a spreadsheet's CSV export writes a tab: every record as wide as
 * the widest row, CRLF between records, a field quoted when it holds a comma, a quote or a line break.
 * @example toCsv([["a", "b,c"], ["1"]]); // 'a,"b,c"\r\n1,'
 */
export function toCsv(rows: Rows): string {
  const width = Math.max(0, ...rows.map((row) => row.length));
  return rows
    .map((row) =>
      Array.from({ length: width }, (_, i) => {
        const field = String(row[i] ?? "");
        return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
      }).join(","),
    )
    .join("\r\n");
}

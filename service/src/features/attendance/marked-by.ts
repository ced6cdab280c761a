import type { Rows } from "../../ports/spreadsheet.ts";
import { cellText } from "./attendance-tab.ts";

/** The `markedBy` header text. */
export const MARKED_BY_HEADER = "markedBy";

/** Zero-based columns H to Z; J (9) holds the "not yet in" list and is never `markedBy`. */
const COLUMN_H = 7;
const COLUMN_J = 9;
const COLUMN_Z = 25;

/** Where a mark's `markedBy` cell goes: the column, and whether its header must be written in the same call. */
export interface MarkedByColumn {
  column: number;
  claim: boolean;
}

/**
 * The spec's three-step choice: (1) a column in H–Z, J excepted, headed exactly `markedBy`;
 * (2) else the first of H, I, K–Z whose row 1 and every data row are blank, claimed now;
 * (3) else none (`undefined`: the mark goes without it and a warning is logged).
 * @example chooseMarkedByColumn([["key", …, "withdrawn", "notes", "markedBy"]]) // { column: 8, claim: false }
 */
export function chooseMarkedByColumn(rows: Rows): MarkedByColumn | undefined {
  const header = rows[0] ?? [];
  for (let column = COLUMN_H; column <= COLUMN_Z; column++) {
    if (column !== COLUMN_J && cellText(header[column]) === MARKED_BY_HEADER) return { column, claim: false };
  }
  for (let column = COLUMN_H; column <= COLUMN_Z; column++) {
    if (column === COLUMN_J) continue;
    if (rows.every((row) => cellText(row[column]).trim() === "")) return { column, claim: true };
  }
  return undefined;
}

/** `In · <label> · HH:mm` or `Out · <label> · HH:mm` (the time already in Asia/Manila). */
export function markedByText(present: boolean, label: string, manilaTime: string): string {
  return `${present ? "In" : "Out"} · ${label} · ${manilaTime}`;
}

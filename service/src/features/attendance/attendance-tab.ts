import type { Static } from "@sinclair/typebox";
import type { CellValue, Rows } from "../../ports/spreadsheet.ts";
import { columnLetters } from "../../shared/a1.ts";
import { AppError } from "../../shared/errors.ts";
import { personKey } from "./person-key.ts";
import type { PersonSchema } from "./schemas.ts";

/** The tab that holds the attendance record in every facility workbook. */
export const ATTENDANCE_TAB = "ATTENDANCE";

/** Row 1, columns A to G, exactly. */
export const ATTENDANCE_HEADER = [
  "key",
  "player",
  "teams",
  "categories",
  "present",
  "timeIn",
  "withdrawn",
] as const;

/** The headers that name the shirt-size column, in the order the spec tries them. */
export const SHIRT_HEADERS = [
  "TShirt Size",
  "T-Shirt Size",
  "Shirt Size",
  "tshirtSize",
  "shirtSize",
] as const;

/** One entry of the attendance list (the spec's Person), derived from its schema. */
export type Person = Static<typeof PersonSchema>;

/** A person and the sheet row (1-based) that holds them: the first row with their key. */
export interface PersonRow {
  row: number;
  person: Person;
}

/** The `ATTENDANCE` tab as read: its raw rows and the people in sheet order. */
export interface AttendanceSheet {
  rows: Rows;
  people: PersonRow[];
  byKey: Map<string, PersonRow>;
}

/** A cell as the text it shows (formatted reads give strings; other renders are tolerated). */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value);
}

/** `teams` and `categories`: split on commas, trimmed, empty parts dropped. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** Throws 409 `attendance_layout` unless row 1 starts with exactly the seven names (columns beyond G never count). */
export function assertAttendanceHeader(rows: Rows): void {
  const header = rows[0] ?? [];
  const wrong = ATTENDANCE_HEADER.findIndex((name, column) => cellText(header[column]) !== name);
  if (wrong !== -1) {
    throw new AppError(
      "attendance_layout",
      `the ATTENDANCE tab's row 1 must start with ${ATTENDANCE_HEADER.join(" | ")} (column ${columnLetters(wrong)} differs)`,
    );
  }
}

function shirtColumn(header: readonly CellValue[]): number {
  for (const name of SHIRT_HEADERS) {
    const column = header.findIndex((cell) => cellText(cell) === name);
    if (column !== -1) return column;
  }
  return -1;
}

/** One data row as a Person; `undefined` for a row whose key is blank. */
export function personOf(row: readonly CellValue[], shirtAt: number): Person | undefined {
  const key = personKey(cellText(row[0]));
  if (key === "") return undefined;
  const player = cellText(row[1]).trim();
  return {
    key,
    player: player === "" ? key : player,
    teams: splitList(cellText(row[2])),
    categories: splitList(cellText(row[3])),
    present: cellText(row[4]) === "TRUE",
    timeIn: cellText(row[5]).trim(),
    withdrawn: cellText(row[6]) === "TRUE",
    shirt: shirtAt === -1 ? "" : cellText(row[shirtAt]).trim(),
  };
}

/**
 * Parses the tab: `undefined` when the workbook has no `ATTENDANCE` tab, 409 `attendance_layout`
 * on a wrong header row. The first row of a key wins; blank keys are skipped.
 * @example const sheet = parseAttendance(tabs.get("ATTENDANCE")); sheet?.byKey.get("ana cruz")?.row // 2
 */
export function parseAttendance(rows: Rows | undefined): AttendanceSheet | undefined {
  if (rows === undefined) return undefined;
  assertAttendanceHeader(rows);
  const shirtAt = shirtColumn(rows[0] ?? []);
  const people: PersonRow[] = [];
  const byKey = new Map<string, PersonRow>();
  for (let index = 1; index < rows.length; index++) {
    const person = personOf(rows[index] ?? [], shirtAt);
    if (!person || byKey.has(person.key)) continue;
    const entry = { row: index + 1, person };
    people.push(entry);
    byKey.set(person.key, entry);
  }
  return { rows, people, byKey };
}

import type { CellValue, Rows } from "../../ports/spreadsheet.ts";
import { CALL_COLUMNS, CALLS_TAB, type CallState, isOpenCall } from "../../shared/call-columns.ts";
import { AppError } from "../../shared/errors.ts";
import { matchKey } from "../scores/schedule-tab.ts";

/** One call as its row holds it: times are `yyyy-MM-dd HH:mm:ss` in Asia/Manila, blank as "". */
export interface Call {
  /** The match number as `SCHEDULE` holds it (a number, or text). */
  matchNumber: number | string;
  court: string;
  calledAt: string;
  startedAt: string;
  endedAt: string;
  /** The operator or link label, as the score notes say it. */
  calledBy: string;
  /** `called`, `playing`, `done` or `cancelled`; a hand-typed other value is kept as read. */
  state: CallState | string;
}

/** A call and the sheet row (1-based) that holds it. */
export interface CallRow {
  row: number;
  call: Call;
}

/** The `CALLS` tab as read: its calls in sheet order, and the first row after the last one used. */
export interface CallsSheet {
  calls: CallRow[];
  nextRow: number;
}

const text = (value: CellValue | undefined) =>
  value === null || value === undefined ? "" : String(value).trim();

/**
 * A court as calls compare it: trimmed, inner spaces collapsed, case ignored ("Court 3" is "court  3").
 * @example sameCourt("Court 3", " court  3 ") // true
 */
export const sameCourt = (a: string, b: string) => courtKey(a) === courtKey(b);
const courtKey = (court: string) => court.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Reads the `CALLS` tab: `undefined` when the workbook has none (the service creates it with its
 * first call). Row 1 is exactly {@link CALL_COLUMNS} (columns A to G); columns beyond G belong to
 * the workbook's operators; blank rows are skipped.
 * @throws AppError `calls_layout` (409) when the header row is another.
 * @example parseCalls(tabs.get("CALLS"))?.calls[0]?.call.state // "playing"
 */
export function parseCalls(rows: Rows | undefined): CallsSheet | undefined {
  if (rows === undefined) return undefined;
  const header = CALL_COLUMNS.map((_, column) => text(rows[0]?.[column]));
  if (rows.length > 0 && header.some((name, column) => name !== CALL_COLUMNS[column])) {
    throw new AppError(
      "calls_layout",
      `the ${CALLS_TAB} tab's header row must be ${CALL_COLUMNS.join(" | ")} (columns A to G)`,
    );
  }
  const calls: CallRow[] = [];
  let nextRow = 2;
  for (let index = 1; index < rows.length; index++) {
    const cells = rows[index] ?? [];
    if (CALL_COLUMNS.every((_, column) => text(cells[column]) === "")) continue;
    const raw = cells[0];
    const call: Call = {
      matchNumber: typeof raw === "number" ? raw : text(raw),
      court: text(cells[1]),
      calledAt: text(cells[2]),
      startedAt: text(cells[3]),
      endedAt: text(cells[4]),
      calledBy: text(cells[5]),
      state: text(cells[6]).toLowerCase(),
    };
    calls.push({ row: index + 1, call });
    nextRow = index + 2;
  }
  return { calls, nextRow };
}

/** The row's cells A to G, as written. */
export const callCells = (call: Call): CellValue[] => [
  call.matchNumber,
  call.court,
  call.calledAt,
  call.startedAt,
  call.endedAt,
  call.calledBy,
  call.state,
];

/**
 * The match's open call (called or playing): the last such row for its match number, as
 * `SCHEDULE` compares match numbers (`"007"` is `7`).
 */
export function openCallOf(sheet: CallsSheet | undefined, matchNumber: number | string): CallRow | undefined {
  const wanted = matchKey(matchNumber);
  return sheet?.calls.findLast(({ call }) => matchKey(call.matchNumber) === wanted && isOpenCall(call.state));
}

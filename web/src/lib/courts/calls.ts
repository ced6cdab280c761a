/**
 * A facility's calls of matches to courts, as its published `callsCsv` carries them (the service's
 * `CALLS` tab: docs/workbooks.md): read by header name (`CALL_COLUMNS`, shared with the service),
 * each time read once as an instant.
 */
import { CALL_COLUMNS, type CallColumn, isOpenCall } from "@tournament-ops/service/call-columns";
import { csvTable } from "../csv.ts";

/** One call: the match, the court, its state and its times (epoch ms; `undefined` while not). */
export interface Call {
  matchNumber: string;
  court: string;
  /** `called`, `playing`, `done` or `cancelled` (a state typed by hand reads as it is written, lower-cased). */
  state: string;
  calledAt: number | undefined;
  startedAt: number | undefined;
  endedAt: number | undefined;
  /** The operator or link label, as the score notes say it. */
  calledBy: string;
}

/** The CALLS tab's time: `yyyy-MM-dd HH:mm:ss` (or without seconds) in Asia/Manila. */
const TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?$/;

/**
 * A time as the CALLS tab writes it, as an instant; `undefined` when blank or not a time.
 * @example callTime("2026-11-21 10:42:05") // Date.parse("2026-11-21T02:42:05Z")
 */
export function callTime(text: string): number | undefined {
  const found = TIME.exec(text.trim());
  if (!found) return undefined;
  const instant = Date.parse(`${found[1]}T${found[2]}:${found[3] ?? "00"}+08:00`);
  return Number.isNaN(instant) ? undefined : instant;
}

/** Match numbers compare as the service compares them: trimmed, whole numbers as numbers (`007` is `7`). */
export const matchNumberKey = (text: string) => {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? String(Number(trimmed)) : trimmed;
};

/** A call still holding its court: called or playing. */
export const holdsCourt = (call: Call) => isOpenCall(call.state);

const known = new Map<string, Call[]>();

/**
 * A facility's calls in the tab's order (oldest first); none while its workbook has no `CALLS` tab.
 * The same text gives the same array.
 * @example callsOf(facility)[0] // { matchNumber: "107", court: "Court 3", state: "playing", calledAt: …, … }
 */
export function callsOf(facility: { callsCsv?: string }): Call[] {
  const csv = facility.callsCsv ?? "";
  let calls = known.get(csv);
  if (calls !== undefined) return calls;
  const table = csvTable(csv);
  const at = Object.fromEntries(CALL_COLUMNS.map((name) => [name, table.column(name)])) as Record<
    CallColumn,
    number
  >;
  const cell = (cells: string[], name: CallColumn) => (at[name] < 0 ? "" : (cells[at[name]] ?? "").trim());
  calls = table.rows
    .map((cells) => ({
      matchNumber: cell(cells, "matchNumber"),
      court: cell(cells, "court"),
      state: cell(cells, "state").toLowerCase(),
      calledAt: callTime(cell(cells, "calledAt")),
      startedAt: callTime(cell(cells, "startedAt")),
      endedAt: callTime(cell(cells, "endedAt")),
      calledBy: cell(cells, "calledBy"),
    }))
    .filter((call) => call.matchNumber !== "");
  // Bounded: a long day on one phone never grows it without end.
  if (known.size >= 32) known.clear();
  known.set(csv, calls);
  return calls;
}

/**
 * Each match's latest call (the last row of its number), by {@link matchNumberKey}.
 * @example latestCalls(callsOf(facility)).get("107")?.state // "done"
 */
export function latestCalls(calls: readonly Call[]): Map<string, Call> {
  const latest = new Map<string, Call>();
  for (const call of calls) latest.set(matchNumberKey(call.matchNumber), call);
  return latest;
}

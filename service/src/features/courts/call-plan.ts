import { AppError } from "../../shared/errors.ts";
import { type Call, type CallRow, type CallsSheet, openCallOf, sameCourt } from "./calls-tab.ts";

/** A row of `CALLS` to write whole, and the call it will hold. */
export interface RowChange {
  row: number;
  call: Call;
}

/** What a call request changes: the call as it will stand, and the rows to write (none: nothing changes). */
export interface CallPlan {
  call: Call;
  changes: RowChange[];
}

/** A call as the routes answer it: blank times are `null`. */
export interface CallRecord {
  matchNumber: number | string;
  court: string;
  state: string;
  calledAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  calledBy: string | null;
}

/** The route's view of a call. */
export function callRecord(call: Call): CallRecord {
  const orNull = (value: string) => (value === "" ? null : value);
  return {
    matchNumber: call.matchNumber,
    court: call.court,
    state: call.state,
    calledAt: orNull(call.calledAt),
    startedAt: orNull(call.startedAt),
    endedAt: orNull(call.endedAt),
    calledBy: orNull(call.calledBy),
  };
}

/** What a new call, or a move, needs to know beyond the tab. */
export interface CallAsk {
  /** The match number as `SCHEDULE` holds it. */
  matchNumber: number | string;
  court: string;
  /** Who calls (the writer label). */
  by: string;
  /** Now, as the tab writes times. */
  at: string;
  /**
   * Whether a match has a score in `SCHEDULE` (`undefined`: not there). An open call of a match
   * with a score is stale (the save that should have ended it could not): it no longer holds its
   * court, and is ended in the same write.
   */
  played(matchNumber: number | string): boolean | undefined;
}

const ended = (row: CallRow, state: "done" | "cancelled", at: string): RowChange => ({
  row: row.row,
  call: { ...row.call, state, endedAt: row.call.endedAt || at },
});

/**
 * A call of a match to a court, or the move of its open call there. Another match's open call on
 * that court refuses it (409 `court_busy`, naming that call), unless that match has a score, whose
 * call is then ended. Calling a match to the court it is already called to changes nothing.
 * @example planCall(sheet, { matchNumber: 107, court: "Court 3", by: "Operator console", at: "2026-11-21 10:02:00", played })
 */
export function planCall(sheet: CallsSheet | undefined, ask: CallAsk): CallPlan {
  const changes: RowChange[] = [];
  const own = openCallOf(sheet, ask.matchNumber);
  for (const other of sheet?.calls ?? []) {
    if (other === own || !sameCourt(other.call.court, ask.court)) continue;
    if (other !== openCallOf(sheet, other.call.matchNumber)) continue;
    if (ask.played(other.call.matchNumber) === true) {
      changes.push(ended(other, "done", ask.at));
      continue;
    }
    const doing = other.call.state === "playing" ? "being played" : "called";
    throw new AppError(
      "court_busy",
      `${other.call.court} is busy: match ${other.call.matchNumber} is ${doing} there. End or move that call first.`,
      { call: callRecord(other.call) },
    );
  }
  if (own && sameCourt(own.call.court, ask.court)) return { call: own.call, changes };
  const call: Call = own
    ? { ...own.call, court: ask.court, calledAt: ask.at, calledBy: ask.by }
    : {
        matchNumber: ask.matchNumber,
        court: ask.court,
        calledAt: ask.at,
        startedAt: "",
        endedAt: "",
        calledBy: ask.by,
        state: "called",
      };
  changes.push({ row: own?.row ?? sheet?.nextRow ?? 2, call });
  return { call, changes };
}

/**
 * Cancels a match's open call: its row stays, `cancelled`, with the time it ended.
 * @throws AppError `not_found` when the match has no open call.
 */
export function planCancel(
  sheet: CallsSheet | undefined,
  matchNumber: number | string,
  at: string,
): CallPlan {
  const own = openCallOf(sheet, matchNumber);
  if (!own) throw new AppError("not_found", `match ${matchNumber} has no open call to cancel`);
  const change = ended(own, "cancelled", at);
  return { call: change.call, changes: [change] };
}

/** Ends a match's open call when its final score is saved (`done`); none when it has no open call. */
export function planEnd(
  sheet: CallsSheet | undefined,
  matchNumber: number | string,
  at: string,
): RowChange | undefined {
  const own = openCallOf(sheet, matchNumber);
  return own ? ended(own, "done", at) : undefined;
}

/** Starts a match's call at its first live point (`playing`); none unless it is `called`. */
export function planStart(
  sheet: CallsSheet | undefined,
  matchNumber: number | string,
  at: string,
): RowChange | undefined {
  const own = openCallOf(sheet, matchNumber);
  if (own?.call.state !== "called") return undefined;
  return { row: own.row, call: { ...own.call, state: "playing", startedAt: own.call.startedAt || at } };
}

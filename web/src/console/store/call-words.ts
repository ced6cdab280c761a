/**
 * What a call, a move, a cancel or a Start that did not go through says at the control desk, in
 * plain words: the court busy with another match (named, with its players where the board knows
 * them), a match with a score already, a call ended meanwhile, the service out of reach.
 */
import { ApiError } from "../../lib/api/client.ts";

/** What the operator tapped: a call (or move) to a court, a cancel, or a Start (the players are on court). */
export type CallAction =
  | { kind: "call"; matchNumber: string; court: string }
  | { kind: "cancel"; matchNumber: string }
  | { kind: "start"; matchNumber: string };

const NOT_DONE: Record<CallAction["kind"], string> = {
  call: "Not called",
  cancel: "Not cancelled",
  start: "Not started",
};

/**
 * The sentence for a refused or failed call; `players(matchNumber)` names a match's sides ("Ana
 * Cruz v Bea Lim") when the board knows it.
 * @example callRefusal(error, { kind: "call", matchNumber: "102", court: "Court 1" }, players) // "Not called: Court 1 is busy with match 104 (Gia Ong v Hana Co), called there. Move or cancel that call first."
 */
export function callRefusal(
  error: unknown,
  action: CallAction,
  players: (matchNumber: string) => string | undefined,
): string {
  const notDone = NOT_DONE[action.kind];
  if (!(error instanceof ApiError)) return `${notDone}. ${String(error)}`;
  const problem = error.problem;
  if (error.status === 0)
    return `${notDone}: the service cannot be reached. Check the connection, then try again; nothing was changed.`;
  if (problem?.code === "court_busy") {
    const other = (problem as { call?: { matchNumber?: unknown; court?: unknown; state?: unknown } }).call;
    const number = other?.matchNumber === undefined ? undefined : String(other.matchNumber);
    const court = typeof other?.court === "string" ? other.court : action.kind === "call" ? action.court : "";
    if (number === undefined) return `${notDone}: ${court} is busy with another match.`;
    const names = players(number);
    const doing = other?.state === "playing" ? "being played there" : "called there";
    return `${notDone}: ${court} is busy with match ${number}${names ? ` (${names})` : ""}, ${doing}. Move or cancel that call first.`;
  }
  if (problem?.code === "match_played")
    return action.kind === "start"
      ? `${notDone}: match ${action.matchNumber} has a score already.`
      : `${notDone}: match ${action.matchNumber} has a score already, so it is not called to a court.`;
  if (problem?.code === "not_found" && action.kind === "cancel")
    return `${notDone}: match ${action.matchNumber} has no open call any more (it ended, or another desk cancelled it).`;
  return `${notDone}. ${error.message}`;
}

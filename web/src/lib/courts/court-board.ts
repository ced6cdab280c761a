/**
 * The console's court board for one hall, pure: each court free (since when), called or in play,
 * and for each free court the next match to call. The suggestion is the earliest scheduled match
 * of the hall with no result and no call, whose players are all checked in where the event takes
 * attendance, none of them on a court or called anywhere that day (any hall), and none off court
 * for less than the event's rest time; the matches passed over say why. Courts are filled in name
 * order, and a player suggested for one court is not suggested for another.
 * @example courtBoard({ halls, facility: "Rizal Hall", restMinutes: 20, now, checkedIn }).courts[0]
 */

import { compareCourts, hasResult, isCalledNow } from "../data/courts.ts";
import type { Match } from "../data/matches.ts";
import { playersWithKeys } from "../data/players.ts";
import { manilaTime } from "../manila-time.ts";

/** One hall of the day: its matches placed by their calls (`facilityMatches`). */
export interface BoardHall {
  facility: string;
  matches: readonly Match[];
}

export interface BoardInput {
  /** Every hall of the day (a player called in another hall is not suggested here). */
  halls: readonly BoardHall[];
  /** The board's hall. */
  facility: string;
  /** The person keys of the people checked in, where the event takes attendance; `undefined` when it takes none. */
  checkedIn?: ReadonlySet<string>;
  /** The event's rest between two matches of a player (`restMinutes`, default 20). */
  restMinutes: number;
  now: number;
  /** Match numbers with live points, by hall: a match in play without a call holds its planned court. */
  inPlay?: ReadonlyMap<string, ReadonlySet<string>>;
}

/** A court of the board. `since`: when it was called, started, or freed (its last call's end); unknown for a court never called. */
export type CourtTile =
  | { court: string; state: "free"; since: number | undefined; suggestion: Match | undefined }
  | { court: string; state: "called" | "playing"; match: Match; since: number | undefined };

/** Why a match is not suggested now, with the words the board shows. */
export type HoldReason = { text: string } & (
  | { kind: "on-court" | "called" | "suggested"; player: string; court: string; facility: string }
  | { kind: "resting"; player: string; until: number }
  | { kind: "absent"; player: string }
  | { kind: "undecided" }
);

/** A waiting match of the hall in schedule order: the court it is suggested for, or why it is held back. */
export interface QueuedMatch {
  match: Match;
  suggestedFor: string | undefined;
  reasons: HoldReason[];
}

export interface CourtBoard {
  courts: CourtTile[];
  /** Every match of the hall with no result and no call, earliest first. */
  queue: QueuedMatch[];
}

interface Busy {
  kind: "on-court" | "called" | "suggested";
  court: string;
  facility: string;
}

const playersOfMatch = (match: Match) => [
  playersWithKeys(match.team1, match.teamCode1),
  playersWithKeys(match.team2, match.teamCode2),
];

const isPlaying = (match: Match, inPlay: ReadonlySet<string> | undefined) =>
  match.call?.state === "playing" ||
  (match.call === undefined && inPlay?.has(match.matchNumber) === true && !hasResult(match));

/** Where each player is now (on a court or called, any hall) and when each came off court last. */
function whereabouts(input: BoardInput) {
  const busy = new Map<string, Busy>();
  const offAt = new Map<string, number>();
  for (const hall of input.halls) {
    const inPlay = input.inPlay?.get(hall.facility);
    for (const match of hall.matches) {
      const holds = isCalledNow(match) || isPlaying(match, inPlay);
      const ended = match.call?.state === "done" ? match.call.endedAt : undefined;
      if (!holds && ended === undefined) continue;
      for (const side of playersOfMatch(match)) {
        for (const { key } of side) {
          if (holds)
            busy.set(key, {
              kind: isPlaying(match, inPlay) ? "on-court" : "called",
              court: match.court,
              facility: hall.facility,
            });
          else if (ended !== undefined && ended > (offAt.get(key) ?? 0)) offAt.set(key, ended);
        }
      }
    }
  }
  return { busy, offAt };
}

function reasonsFor(
  match: Match,
  input: BoardInput,
  busy: Map<string, Busy>,
  offAt: Map<string, number>,
): HoldReason[] {
  const sides = playersOfMatch(match);
  if (sides.some((side) => side.length === 0))
    return [{ kind: "undecided", text: "the players are not known yet" }];
  const reasons: HoldReason[] = [];
  const restMs = input.restMinutes * 60_000;
  for (const { key, name } of sides.flat()) {
    const where = busy.get(key);
    if (where !== undefined) {
      const hall = where.facility === input.facility ? "" : ` in ${where.facility}`;
      const doing =
        where.kind === "on-court" ? "is on" : where.kind === "called" ? "is called to" : "is suggested for";
      reasons.push({
        kind: where.kind,
        player: name,
        court: where.court,
        facility: where.facility,
        text: `${name} ${doing} ${where.court}${hall}`,
      });
      continue;
    }
    const until = (offAt.get(key) ?? Number.NEGATIVE_INFINITY) + restMs;
    if (until > input.now)
      reasons.push({
        kind: "resting",
        player: name,
        until,
        text: `${name} rests until ${manilaTime(until)}`,
      });
    if (input.checkedIn !== undefined && !input.checkedIn.has(key))
      reasons.push({ kind: "absent", player: name, text: `${name} is not checked in` });
  }
  return reasons;
}

/** The latest end of a call on the court (the time it became free), if any. */
function freedAt(matches: readonly Match[], court: string): number | undefined {
  let latest: number | undefined;
  for (const match of matches)
    if (
      match.court === court &&
      match.call?.endedAt !== undefined &&
      (latest === undefined || match.call.endedAt > latest)
    )
      latest = match.call.endedAt;
  return latest;
}

/** The court board of `input.facility`. */
export function courtBoard(input: BoardInput): CourtBoard {
  const hall = input.halls.find((h) => h.facility === input.facility);
  const matches = hall?.matches ?? [];
  const inPlay = input.inPlay?.get(input.facility);
  const { busy, offAt } = whereabouts(input);
  const courtNames = [...new Set(matches.map((m) => m.court).filter((court) => court !== ""))].sort(
    compareCourts,
  );
  const holding = (court: string) =>
    matches
      .filter((m) => m.court === court && (isCalledNow(m) || isPlaying(m, inPlay)))
      .sort((a, b) => (b.call?.calledAt ?? 0) - (a.call?.calledAt ?? 0))[0];
  const free = courtNames.filter((court) => holding(court) === undefined);
  const queue: QueuedMatch[] = [];
  const suggestions = new Map<string, Match>();
  for (const match of matches) {
    if (
      hasResult(match) ||
      (match.call !== undefined && match.call.state !== "cancelled") ||
      isPlaying(match, inPlay)
    )
      continue;
    const reasons = reasonsFor(match, input, busy, offAt);
    const court = reasons.length === 0 ? free[suggestions.size] : undefined;
    if (court !== undefined) {
      suggestions.set(court, match);
      for (const { key } of playersOfMatch(match).flat())
        busy.set(key, { kind: "suggested", court, facility: input.facility });
    }
    queue.push({ match, suggestedFor: court, reasons });
  }
  const courts = courtNames.map((court): CourtTile => {
    const match = holding(court);
    if (match === undefined)
      return { court, state: "free", since: freedAt(matches, court), suggestion: suggestions.get(court) };
    const playing = isPlaying(match, inPlay);
    return {
      court,
      state: playing ? "playing" : "called",
      match,
      since: playing ? match.call?.startedAt : match.call?.calledAt,
    };
  });
  return { courts, queue };
}

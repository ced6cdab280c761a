/**
 * The console's court board (docs/pages.md, "The court board"): for the chosen hall, each court
 * free, called or in play, from the day's snapshot (its matches and each facility's calls), the
 * relay's live points and the attendance lists; the next match to call on each free court, and
 * why the others wait (`lib/courts/court-board.ts`). Its actions call a match to a court, move a
 * call, or cancel it, and start a called match whose players are on court (`board-taps.ts`). A
 * call the service answered is shown at once, until the snapshot carries it (or anything newer for
 * that match); a Start shows as the live point the relay sends back. A refused or failed tap
 * changes nothing on the board and says why in words (`call-words.ts`).
 */

import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { DEFAULT_REST_MINUTES } from "@tournament-ops/service/scoring";
import { type Call, callsOf, latestCalls, matchNumberKey } from "../../lib/courts/calls.ts";
import { type CourtTile, courtBoard, type QueuedMatch } from "../../lib/courts/court-board.ts";
import { carryWinners } from "../../lib/data/carried-winners.ts";
import { placedByCalls } from "../../lib/data/courts.ts";
import { type Match, matchesOf } from "../../lib/data/matches.ts";
import type { DayEntry } from "../../lib/data/registry.ts";
import type { FacilitySnapshot } from "../../lib/data/snapshot.ts";
import { inPlayByHall, type LivePoint, livePointOf } from "../../lib/live/live-points.ts";
import type { ConsoleApp } from "./app.ts";
import type { AttendanceStore } from "./attendance.ts";
import { sendTap } from "./board-taps.ts";
import { type CallAction, callRefusal } from "./call-words.ts";
import type { ConsoleStore } from "./console.ts";
import type { DayStore } from "./day.ts";
import type { SessionStore } from "./session.ts";

/** A court of the board, with the live point of the match on it; a called match with live points is in play. */
export type BoardTile = CourtTile & { live: LivePoint | undefined };

export interface HallBoard {
  facility: string;
  courts: BoardTile[];
  queue: QueuedMatch[];
  /** The event takes attendance and no list has been read yet: every match waits for it. */
  readingAttendance: boolean;
}

/** What came of the last tap: `court` is the tile to look at (and focus) now. */
export interface BoardOutcome {
  kind: "done" | "problem";
  facility: string;
  court: string;
  text: string;
}

export interface CourtBoardStore {
  /** The day's halls with matches, in the snapshot's order. */
  halls: ReadonlySignal<string[]>;
  /** The hall the operator chose; the first hall while none is chosen. */
  chosenHall: Signal<string | undefined>;
  board: ReadonlySignal<HallBoard | undefined>;
  /** The tap being sent, while it is. */
  pending: Signal<(CallAction & { facility: string }) | undefined>;
  outcome: Signal<BoardOutcome | undefined>;
  /** Calls the match to the court, or moves its call there. True when the service took it. */
  callMatch(entry: DayEntry, facility: string, matchNumber: string, court: string): Promise<boolean>;
  /** Cancels the match's open call (its row stays, `cancelled`). True when the service took it. */
  cancelCall(entry: DayEntry, facility: string, matchNumber: string): Promise<boolean>;
  /** Starts a called match (its players are on court): in play from now. True when the service took it. */
  startMatch(entry: DayEntry, facility: string, matchNumber: string): Promise<boolean>;
  /** The board of this day: another day's hall, answers and outcome are put away. */
  forDay(day: string): void;
}

/** A call the service answered, shown until the snapshot's latest call of the match is no longer `before`. */
interface Answered {
  facility: string;
  matchNumber: string;
  call: Call;
  before: string;
}

/** A call as a comparable text: what the board shows of it. */
const seen = (call: Call | undefined) =>
  call === undefined ? "" : [call.court, call.state, call.calledAt, call.endedAt].join("\u0000");

const snapshotCall = (facility: FacilitySnapshot, matchNumber: string) =>
  latestCalls(callsOf(facility)).get(matchNumberKey(matchNumber));

export const sidesOf = (match: Match) => `${match.team1 || "?"} v ${match.team2 || "?"}`;

export function createCourtBoard(
  app: Pick<ConsoleApp, "now" | "dayEntry">,
  day: Pick<DayStore, "feed" | "livePoints">,
  attendance: Pick<AttendanceStore, "people">,
  { api, operatorCall }: Pick<SessionStore, "api" | "operatorCall">,
): CourtBoardStore {
  const chosenHall = signal<string | undefined>(undefined);
  const pending = signal<(CallAction & { facility: string }) | undefined>(undefined);
  const outcome = signal<BoardOutcome | undefined>(undefined);
  const answered = signal<readonly Answered[]>([]);
  let shownDay: string | undefined;

  const facilities = computed(() =>
    (day.feed.value?.snapshot?.facilities ?? []).filter((f) => f.status !== "skipped"),
  );
  /** The answers the snapshot has not caught up with yet. */
  const current = computed(() =>
    answered.value.filter((a) => {
      const facility = facilities.value.find((f) => f.name === a.facility);
      return facility !== undefined && seen(snapshotCall(facility, a.matchNumber)) === a.before;
    }),
  );
  const halls = computed(() => {
    const display = app.dayEntry.value?.event.display;
    return facilities.value.map((facility) => {
      const mine = current.value.filter((a) => a.facility === facility.name).map((a) => a.call);
      const calls = mine.length === 0 ? callsOf(facility) : [...callsOf(facility), ...mine];
      return {
        facility: facility.name,
        matches: placedByCalls(carryWinners(matchesOf(facility.matchesCsv), display), calls),
      };
    });
  });
  const hallNames = computed(() => halls.value.filter((h) => h.matches.length > 0).map((h) => h.facility));
  const shownHall = () => {
    const names = hallNames.value;
    const chosen = chosenHall.value;
    return chosen !== undefined && names.includes(chosen) ? chosen : names[0];
  };
  const checkedIn = computed(() => {
    if (app.dayEntry.value?.event.attendance === undefined) return undefined;
    const keys = new Set<string>();
    for (const people of attendance.people.value.values())
      for (const person of people) if (person.present) keys.add(person.key);
    return keys;
  });

  const board = computed((): HallBoard | undefined => {
    const facility = shownHall();
    const entry = app.dayEntry.value;
    if (facility === undefined || entry === undefined) return undefined;
    const points = day.livePoints.value;
    const present = checkedIn.value;
    const { courts, queue } = courtBoard({
      halls: halls.value,
      facility,
      restMinutes: entry.event.restMinutes ?? DEFAULT_REST_MINUTES,
      now: app.now.value,
      inPlay: inPlayByHall(points),
      ...(present === undefined ? {} : { checkedIn: present }),
    });
    return {
      facility,
      courts: courts.map((tile): BoardTile => {
        if (tile.state === "free") return { ...tile, live: undefined };
        const live = livePointOf(points, facility, tile.match.matchNumber);
        if (live === undefined || tile.state === "playing") return { ...tile, live };
        // In play from its first live point, before the snapshot says so: since its start, once known.
        return { ...tile, state: "playing", since: tile.match.call?.startedAt, live };
      }),
      queue,
      readingAttendance: present !== undefined && attendance.people.value.size === 0,
    };
  });

  const playersOf = (facility: string) => (matchNumber: string) => {
    const match = halls
      .peek()
      .find((h) => h.facility === facility)
      ?.matches.find((m) => matchNumberKey(m.matchNumber) === matchNumberKey(matchNumber));
    return match === undefined ? undefined : sidesOf(match);
  };

  /** Sends one tap; its answer is shown until the snapshot carries it. */
  const send = async (
    entry: DayEntry,
    action: CallAction & { facility: string },
    focus: string,
    done: string,
  ): Promise<boolean> => {
    if (pending.value !== undefined) return false;
    const { facility, matchNumber } = action;
    const inSnapshot = facilities.peek().find((f) => f.name === facility);
    const before = seen(inSnapshot && snapshotCall(inSnapshot, matchNumber));
    pending.value = action;
    outcome.value = undefined;
    try {
      const call = await sendTap({ api, operatorCall }, entry.dayKey, action);
      if (shownDay !== entry.dayKey) return true;
      if (call !== undefined) {
        const others = current
          .peek()
          .filter((a) => !(a.facility === facility && a.matchNumber === matchNumber));
        answered.value = [...others, { facility, matchNumber, call, before }];
      }
      outcome.value = { kind: "done", facility, court: focus, text: done };
      return true;
    } catch (error) {
      if (shownDay === entry.dayKey)
        outcome.value = {
          kind: "problem",
          facility,
          court: focus,
          text: callRefusal(error, action, playersOf(facility)),
        };
      return false;
    } finally {
      pending.value = undefined;
    }
  };

  const openCourtOf = (facility: string, matchNumber: string) =>
    board.peek()?.facility === facility
      ? board.peek()?.courts.find((t) => t.state !== "free" && t.match.matchNumber === matchNumber)?.court
      : undefined;

  return {
    halls: hallNames,
    chosenHall,
    board,
    pending,
    outcome,
    callMatch(entry, facility, matchNumber, court) {
      const from = openCourtOf(facility, matchNumber);
      const done =
        from === undefined
          ? `Match ${matchNumber} called to ${court}.`
          : `Match ${matchNumber} moved from ${from} to ${court}.`;
      return send(entry, { kind: "call", facility, matchNumber, court }, court, done);
    },
    cancelCall(entry, facility, matchNumber) {
      const court = openCourtOf(facility, matchNumber) ?? "";
      return send(
        entry,
        { kind: "cancel", facility, matchNumber },
        court,
        `The call of match ${matchNumber}${court ? ` to ${court}` : ""} is cancelled.`,
      );
    },
    startMatch(entry, facility, matchNumber) {
      const court = openCourtOf(facility, matchNumber) ?? "";
      return send(
        entry,
        { kind: "start", facility, matchNumber },
        court,
        `Match ${matchNumber} started${court ? ` on ${court}` : ""}.`,
      );
    },
    forDay(dayKey) {
      if (dayKey === shownDay) return;
      shownDay = dayKey;
      chosenHall.value = undefined;
      answered.value = [];
      outcome.value = undefined;
    },
  };
}

const boards = new WeakMap<ConsoleStore, CourtBoardStore>();

/**
 * The console's court board, made the first time its screen opens and kept for the console's
 * life (its hall, its answers): its code loads with the screen, outside the console's first load.
 */
export function courtBoardOf(store: ConsoleStore): CourtBoardStore {
  let board = boards.get(store);
  if (board === undefined) {
    board = createCourtBoard(store.app, store.day, store.attendance, store.session);
    boards.set(store, board);
  }
  return board;
}

/**
 * The calls the hall display puts up large (docs/pages.md, "Calls on the hall display"): each new
 * call of a match to a court for {@link CALL_SHOWN_MS}, at most {@link CALLS_AT_ONCE} at once (the
 * others wait their turn, in the order they were called), and a second call when the match has
 * not started {@link SECOND_CALL_MS} after it was called. A call that starts (its first live
 * point, or its call `playing`), ends, is cancelled or is moved leaves the screen and the queue at
 * once; a move is a new call to the new court. A display switched on (or reloaded, or back from a
 * drop) shows only the calls made in the last minute, never the morning's, and no second call is
 * made late. A call's age is read on the service's clock (`calledAt` is the service's time; the
 * TV's own clock may be minutes or days off: `lib/live/service-clock.ts`).
 */
import { hasResult } from "../lib/data/courts.ts";
import type { Match } from "../lib/data/matches.ts";
import { namesOf } from "./screens.ts";

/** How long a call stays up. */
export const CALL_SHOWN_MS = 60_000;
/** Calls up at once, at most. */
export const CALLS_AT_ONCE = 2;
/** A match called this long ago and not started yet is called a second time. */
export const SECOND_CALL_MS = 5 * 60_000;

/** A match called to a court and waiting for its players (its call `called`, no point, no result). */
export interface WaitingCall {
  facility: string;
  match: Match;
  court: string;
  /** When the service wrote the call (epoch ms), when the tab says. */
  calledAt: number | undefined;
}

/** One call on screen: the first or the second. */
export interface HallCall extends WaitingCall {
  /** The call and which of its announcements this is. */
  key: string;
  second: boolean;
  /** When it leaves the screen. */
  until: number;
}

/** The matches of a hall waiting for their players, from its matches placed by their calls. */
export function waitingCalls(
  facility: string,
  matches: readonly Match[],
  playing: (matchNumber: string) => boolean,
): WaitingCall[] {
  return matches.flatMap((match) =>
    match.call?.state === "called" && !hasResult(match) && !playing(match.matchNumber)
      ? [{ facility, match, court: match.call.court, calledAt: match.call.calledAt }]
      : [],
  );
}

/** The call's identity: a move (another court, another time) is another call. */
const callKey = (call: WaitingCall) =>
  `${call.facility}\u0000${call.match.matchNumber}\u0000${call.court}\u0000${call.calledAt ?? ""}`;

interface Pending extends WaitingCall {
  key: string;
  /** The call's own key ({@link callKey}). */
  call: string;
  second: boolean;
  due: number;
}

export interface HallCalls {
  /**
   * Takes the calls waiting now, at `now` (the page's clock): what is on screen after it, the
   * announcements that went up with this look (to be read aloud), and when to look again with
   * nothing new (the next call to go up or come down; `undefined`: nothing to wait for).
   * `offset` is how far the page's clock is ahead of the service's that wrote `calledAt` (ms).
   */
  look(
    waiting: readonly WaitingCall[],
    now: number,
    offset?: number,
  ): { shown: HallCall[]; started: HallCall[]; next: number | undefined };
}

/** The display's calls, from its first look on. */
export function hallCalls(): HallCalls {
  /** Each call seen, with when this display first saw it. */
  const seen = new Map<string, number>();
  /** Announcements done or under way, by key: each goes up once. */
  const announced = new Set<string>();
  let shown: HallCall[] = [];
  return {
    look(waiting, now, offset = 0) {
      const open = new Map(waiting.map((call) => [callKey(call), call]));
      const pending: Pending[] = [];
      for (const [key, call] of open) {
        /** When it was called, on the page's clock. */
        const calledHere = call.calledAt === undefined ? undefined : call.calledAt + offset;
        if (!seen.has(key)) {
          seen.set(key, now);
          // A call first seen more than a minute after it was made was made while the display
          // was off (or away): it is not news any more.
          if (calledHere !== undefined && calledHere + CALL_SHOWN_MS <= now) announced.add(`${key}\u00001`);
        }
        const since = calledHere ?? (seen.get(key) as number);
        for (const [second, due] of [
          [false, seen.get(key) as number],
          [true, since + SECOND_CALL_MS],
        ] as const) {
          const id = `${key}\u0000${second ? 2 : 1}`;
          // A second call long overdue (the display was off, or just came on) is not made late.
          if (second && due + CALL_SHOWN_MS <= now) announced.add(id);
          if (!announced.has(id)) pending.push({ ...call, key: id, call: key, second, due });
        }
      }
      // A call that started, ended, was cancelled or moved comes down at once.
      shown = shown.filter((call) => call.until > now && open.has(callKey(call)));
      // A second call takes the place of its first still up.
      const started: HallCall[] = [];
      pending.sort((a, b) => a.due - b.due || (a.calledAt ?? 0) - (b.calledAt ?? 0));
      for (const call of pending) {
        if (call.due > now) continue;
        if (call.second) shown = shown.filter((up) => callKey(up) !== callKey(call));
        if (shown.length >= CALLS_AT_ONCE) break;
        const { due: _due, call: _call, ...rest } = call;
        const up: HallCall = { ...rest, until: now + CALL_SHOWN_MS };
        announced.add(call.key);
        // The second call of a first not yet up is the first's place: the first is then done.
        if (call.second) announced.add(`${call.call}\u00001`);
        shown.push(up);
        started.push(up);
      }
      const waits = pending.filter((call) => !announced.has(call.key)).map((call) => call.due);
      const times = [...shown.map((call) => call.until), ...waits.filter((due) => due > now)];
      const full = shown.length >= CALLS_AT_ONCE;
      const next = times.length === 0 ? undefined : Math.min(...(full ? shown.map((c) => c.until) : times));
      // Bounded: calls long gone are forgotten.
      for (const key of seen.keys()) if (!open.has(key)) seen.delete(key);
      return { shown: [...shown], started, next };
    },
  };
}

/** The surname of each player of a side, "/" between them ("Cruz / Reyes"); a seat's words as they are. */
export function surnames(team: string, code: string): string {
  return namesOf(team, code)
    .map((name) => name.trim().split(/\s+/).at(-1) ?? name)
    .join(" / ");
}

/**
 * What a call says on screen and aloud.
 * @example callWords(call, false).text // "Court 3 — match 107: Cruz / Reyes v Tan / Lim, please come to Court 3"
 */
export function callWords(
  call: Pick<HallCall, "facility" | "match" | "court" | "second">,
  withHall: boolean,
): { heading: string; players: string; come: string; text: string; spoken: string } {
  const { match, court } = call;
  const where = withHall ? `${call.facility}, ${court}` : court;
  const heading = `${where} — match ${match.matchNumber}`;
  const one = surnames(match.team1, match.teamCode1);
  const two = surnames(match.team2, match.teamCode2);
  const players = `${one} v ${two}`;
  const come = `please come to ${court}`;
  const first = call.second ? "Second call. " : "";
  return {
    heading,
    players,
    come,
    text: `${first}${heading}: ${players}, ${come}`,
    spoken: `${first}${where}, match ${match.matchNumber}: ${one.replaceAll(" / ", " and ")}, versus ${two.replaceAll(" / ", " and ")}. Please come to ${court}.`,
  };
}

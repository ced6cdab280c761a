/**
 * What a followed player's card under My players says (docs/pages.md, "Players"): the day being
 * viewed, not the whole event. Their next match that day, "on court now" only while that day is
 * today in Manila, and their results that day; a player with no match that day says so. (A
 * Saturday match left without a score once showed "On court now" on the Sunday knockouts.)
 */

import { matchStateWords } from "../lib/courts/live-words.ts";
import { type Player, type PlayerMatch, playerNow } from "../lib/data/players.ts";
import type { Display } from "../lib/data/registry.ts";
import { type HeldPoints, inPlayByHall, livePointOf } from "../lib/live/live-points.ts";
import { manilaDate } from "../lib/manila-time.ts";
import { nextWords, recordWords } from "./components/player-words.ts";

export interface FollowedCard {
  onCourt: boolean;
  /** What comes next for them that day. */
  next: string;
  /** Their results that day. */
  record: string;
  /** While their match is on court: "live 15–12 · game 2", or "called to Court 3" before its first point. */
  live?: string;
}

/** The date a player's match is played on: its own, else its day's. */
export const matchDate = (entry: PlayerMatch): string => entry.match.date || entry.day.snapshot.date || "";

/**
 * The card of `player` on the day `day` (its key and label), at `now`, with the day's live points.
 * @example followedCard(player, { key: "open-ko", label: "Sunday · Knockouts" }, now, display).next // "Not playing on Sunday · Knockouts"
 */
export function followedCard(
  player: Player,
  day: { key: string; label: string },
  now: number,
  display: Display | undefined,
  points: HeldPoints = new Map(),
): FollowedCard {
  const today = manilaDate(now);
  const matches = player.matches.filter((entry) => entry.day.key === day.key);
  if (matches.length === 0) return { onCourt: false, next: `Not playing on ${day.label}`, record: "" };
  const state = playerNow({ ...player, matches }, now, display, inPlayByHall(points));
  if (state.next !== undefined && matchDate(state.next) !== today) state.onCourt = false;
  const next = state.next;
  const live =
    state.onCourt && next !== undefined
      ? matchStateWords(next.match, livePointOf(points, next.facility, next.match.matchNumber))
      : undefined;
  const card = { onCourt: state.onCourt, next: nextWords(state, today), record: recordWords(state) };
  return live === undefined ? card : { ...card, live };
}

/**
 * What a followed player's card under My players says (docs/pages.md, "Players"): the day being
 * viewed, not the whole event. Their next match that day, "on court now" only while that day is
 * today in Manila, and their results that day; a player with no match that day says so. (A
 * Saturday match left without a score once showed "On court now" on the Sunday knockouts.)
 */

import { type Player, type PlayerMatch, playerNow } from "../lib/data/players.ts";
import type { Display } from "../lib/data/registry.ts";
import { manilaDate } from "../lib/manila-time.ts";
import { nextWords, recordWords } from "./components/player-words.ts";

export interface FollowedCard {
  onCourt: boolean;
  /** What comes next for them that day. */
  next: string;
  /** Their results that day. */
  record: string;
}

/** The date a player's match is played on: its own, else its day's. */
export const matchDate = (entry: PlayerMatch): string => entry.match.date || entry.day.snapshot.date || "";

/**
 * The card of `player` on the day `day` (its key and label), at `now`.
 * @example followedCard(player, { key: "open-ko", label: "Sunday · Knockouts" }, now, display).next // "Not playing on Sunday · Knockouts"
 */
export function followedCard(
  player: Player,
  day: { key: string; label: string },
  now: number,
  display: Display | undefined,
): FollowedCard {
  const today = manilaDate(now);
  const matches = player.matches.filter((entry) => entry.day.key === day.key);
  if (matches.length === 0) return { onCourt: false, next: `Not playing on ${day.label}`, record: "" };
  const state = playerNow({ ...player, matches }, now, display);
  if (state.next !== undefined && matchDate(state.next) !== today) state.onCourt = false;
  return { onCourt: state.onCourt, next: nextWords(state, today), record: recordWords(state) };
}

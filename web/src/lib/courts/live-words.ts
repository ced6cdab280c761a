/**
 * How a match's live state is said on the public page, the hall display and a followed player's
 * card: "live 15–12 · game 2" while it is played; nothing once it has a result (the final replaces
 * it as soon as the snapshot carries it, even before the relay says the live state ended).
 */
import { hasResult } from "../data/courts.ts";
import type { Match } from "../data/matches.ts";
import type { LivePoint } from "../live/live-points.ts";

/**
 * The live score's words, side 1 first.
 * @example liveWords({ team1Points: 15, team2Points: 12, game: 2, … }) // "live 15–12 · game 2"
 */
export function liveWords(point: Pick<LivePoint, "team1Points" | "team2Points" | "game">): string {
  return `live ${point.team1Points}–${point.team2Points}${point.game === null ? "" : ` · game ${point.game}`}`;
}

/** A match's live words while it has a live point and no result; `undefined` otherwise. */
export function liveScoreOf(match: Match, point: LivePoint | undefined): string | undefined {
  return point === undefined || hasResult(match) ? undefined : liveWords(point);
}

/**
 * A match's state before its first point, said beside it: "called to Court 3" while its call waits
 * for the players, else its live words.
 * @example matchStateWords(match, undefined) // "called to Court 3"
 */
export function matchStateWords(match: Match, point: LivePoint | undefined): string | undefined {
  const live = liveScoreOf(match, point);
  if (live !== undefined) return live;
  if (hasResult(match) || match.call === undefined) return undefined;
  return match.call.state === "called" ? `called to ${match.call.court}` : undefined;
}

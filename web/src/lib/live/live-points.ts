/**
 * The live points a page holds for a day (the relay's live-points messages, `followDay`'s
 * `onLive`), read the way the pages need them: a match's latest point, and the matches of a hall
 * in play (for `courtsNow`'s `inPlay` and the court board's).
 */
import { type LivePoint, liveKey } from "@tournament-ops/relay/live-points";

export { applyLivePoints, type LivePoint, type LivePointsMessage } from "@tournament-ops/relay/live-points";

/** What a page holds: each match's latest point by facility and match number (`applyLivePoints` keeps it). */
export type HeldPoints = ReadonlyMap<string, LivePoint>;

/** A match's latest live point, while it is played. */
export const livePointOf = (held: HeldPoints, facility: string, matchNumber: string): LivePoint | undefined =>
  held.get(liveKey(facility, matchNumber));

/** The match numbers of a hall with live points, by hall. */
export function inPlayByHall(held: HeldPoints): Map<string, Set<string>> {
  const halls = new Map<string, Set<string>>();
  for (const point of held.values()) {
    let numbers = halls.get(point.facility);
    if (numbers === undefined) {
      numbers = new Set();
      halls.set(point.facility, numbers);
    }
    numbers.add(point.matchNumber);
  }
  return halls;
}

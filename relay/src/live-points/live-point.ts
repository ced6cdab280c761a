/**
 * Live points: a match's score as it is played, between the final saves. The service sends each
 * accepted point to the relay (`POST /points/<event>/<day>`); the relay keeps the latest per match
 * and sends what changed to the sockets that asked for it (`/live/<event>/<day>?live=1`), batched
 * per short tick (docs/live-messages.md, "Live points").
 */

/** The query parameter with which a socket asks for live points (beside snapshots or changes). */
export const LIVE_PARAMETER = "live";

/** A match's live state: the point counter's latest, as the relay took it. */
export interface LivePoint {
  facility: string;
  /** The match number as the facility's matches CSV writes it. */
  matchNumber: string;
  /** Counts up from 1 per match; a point whose `seq` is not above the last one changes nothing. */
  seq: number;
  team1Points: number;
  team2Points: number;
  /** The game being played (1, 2, 3…), when the counter says. */
  game: number | null;
  /** The side serving, when the counter says. */
  serving: 1 | 2 | null;
  /** When the relay took it (ISO 8601). */
  at: string;
}

/** A match whose live state was dropped: its final score was saved, or its call cancelled. */
export interface EndedMatch {
  facility: string;
  matchNumber: string;
}

/**
 * The live-points message: `{"type":"live","points":[…],"ended":[…]}` with what changed since the
 * last one, at most one per tick. On connect, with `all: true`: every match in play now (a page
 * forgets any live state it holds that is not in it).
 */
export interface LivePointsMessage {
  type: "live";
  all?: true;
  points: LivePoint[];
  ended: EndedMatch[];
}

/** A match's key among the live points of a day: its facility and match number. */
export const liveKey = (facility: string, matchNumber: string) => `${facility}\u0000${matchNumber}`;

/** The message text. */
export function livePointsMessageText(points: LivePoint[], ended: EndedMatch[], all = false): string {
  const message: LivePointsMessage = all
    ? { type: "live", all: true, points, ended }
    : { type: "live", points, ended };
  return JSON.stringify(message);
}

/** True when a parsed socket message is a live-points message. */
export function isLivePointsMessage(value: unknown): value is LivePointsMessage {
  const message = value as Partial<LivePointsMessage> | null;
  return (
    typeof message === "object" &&
    message !== null &&
    message.type === "live" &&
    Array.isArray(message.points) &&
    Array.isArray(message.ended)
  );
}

/**
 * What a page holds after a message: each match's latest point by {@link liveKey}, a point
 * replacing an older one (by `seq`) only, an ended match removed; `all` replaces everything.
 * Returns `held` itself when nothing changed.
 * @example applyLivePoints(new Map(), message).get(liveKey("Rizal Hall", "301"))?.team1Points // 15
 */
export function applyLivePoints(
  held: ReadonlyMap<string, LivePoint>,
  message: LivePointsMessage,
): ReadonlyMap<string, LivePoint> {
  const next = new Map(message.all ? [] : held);
  let changed = message.all === true && held.size > 0;
  for (const point of message.points) {
    const key = liveKey(point.facility, point.matchNumber);
    const before = next.get(key);
    if (before !== undefined && before.seq >= point.seq) continue;
    next.set(key, point);
    changed = true;
  }
  for (const match of message.ended)
    changed = next.delete(liveKey(match.facility, match.matchNumber)) || changed;
  return changed ? next : held;
}

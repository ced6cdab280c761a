import type { LivePointAnswer, LivePointUpdate } from "../../ports/live-relay.ts";
import type { Clock } from "../../shared/clock.ts";

/** The most matches kept; past it the longest-quiet are forgotten. */
const MATCHES_KEPT = 2_000;

type Kept = LivePointAnswer["point"] & { ended?: true };

/**
 * The live points this instance keeps when no relay takes them (none configured, or it could not
 * be reached): the same rule as the relay's (a `seq` not above the last one changes nothing; an
 * ended match's `seq` still counts), for this instance alone. Spectators see none of them.
 * @example const kept = keptPoints(clock); kept.take("open-sat", point);
 */
export function keptPoints(clock: Clock) {
  const points = new Map<string, Kept>();
  const keyOf = (day: string, facility: string, matchNumber: string) =>
    `${day}\u0000${facility}\u0000${matchNumber}`;

  return {
    take(day: string, update: LivePointUpdate): LivePointAnswer {
      const key = keyOf(day, update.facility, update.matchNumber);
      const current = points.get(key);
      if (current !== undefined && update.seq <= current.seq) {
        const { ended, ...point } = current;
        return { accepted: false, point, ended: ended === true };
      }
      const point = { ...update, at: new Date(clock.now()).toISOString() };
      points.delete(key);
      points.set(key, point);
      if (points.size > MATCHES_KEPT) points.delete(points.keys().next().value as string);
      return { accepted: true, point, ended: false };
    },

    end(day: string, facility: string, matchNumber: string): void {
      const key = keyOf(day, facility, matchNumber);
      const current = points.get(key);
      if (current !== undefined) points.set(key, { ...current, ended: true });
    },
  };
}

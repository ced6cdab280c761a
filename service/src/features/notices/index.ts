/**
 * What the service tells every open page of a day at once, through the relay (`LiveRelay.notify`):
 * an event's score-entry mode switched (each of its days), a desk or scorer link revoked (its
 * day). Pages turn at once (the score page offers no form while the control desk enters the
 * scores; a revoked link's page shows its revoked state) instead of at their next request. Never
 * fails the route that changed the state: a page that misses a notice learns the same on its next
 * request, as before.
 */
import type { LiveRelay } from "../../ports/live-relay.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { ScoreEntryMode } from "../../registry/types.ts";

export interface DayNotices {
  /** The event's score entry switched to `mode`: every day of the event hears it. */
  scoreEntryChanged(eventKey: string, mode: ScoreEntryMode): Promise<void>;
  /** A link of `dayKey` was revoked: its day hears its id. */
  linkRevoked(dayKey: string, linkId: string): Promise<void>;
}

export function createDayNotices(deps: {
  registry: Pick<RegistryStore, "findEvent" | "findDay">;
  liveRelay: LiveRelay | undefined;
}): DayNotices {
  const { liveRelay, registry } = deps;
  return {
    async scoreEntryChanged(eventKey, mode) {
      if (liveRelay === undefined) return;
      const event = await registry.findEvent(eventKey).catch(() => undefined);
      const days = Object.keys(event?.days ?? {});
      await Promise.all(days.map((day) => liveRelay.notify(eventKey, day, { scoreEntry: mode })));
    },
    async linkRevoked(dayKey, linkId) {
      if (liveRelay === undefined) return;
      const ref = await registry.findDay(dayKey).catch(() => undefined);
      if (ref !== undefined) await liveRelay.notify(ref.eventKey, dayKey, { revoked: [linkId] });
    },
  };
}

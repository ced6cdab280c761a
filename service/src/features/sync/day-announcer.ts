import type { LiveRelay } from "../../ports/live-relay.ts";
import type { Registry } from "../../registry/types.ts";
import type { Clock } from "../../shared/clock.ts";

/** After a failed announcement, none is tried for this long (the next registry load retries). */
export const ANNOUNCE_COOLDOWN_MS = 60_000;

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Tells the relay which days exist, so it accepts sockets for those alone (relay/README.md): called
 * with every registry load, it announces the registry's days when they differ from the last list
 * the relay took. Never awaited by a request and never throws; a failure is logged and retried at
 * a registry load after {@link ANNOUNCE_COOLDOWN_MS}. Each publish and nudge announces its day too.
 * @example const announcer = createDayAnnouncer({ liveRelay, clock, logger }); announcer.registryLoaded(registry);
 */
export function createDayAnnouncer(deps: { liveRelay?: LiveRelay; clock: Clock; logger: WarnLogger }) {
  let accepted: string | undefined;
  let sending: Promise<void> | undefined;
  let quietUntil = Number.NEGATIVE_INFINITY;
  return {
    registryLoaded(registry: Registry): void {
      const relay = deps.liveRelay;
      if (relay === undefined || sending !== undefined || deps.clock.now() < quietUntil) return;
      const days = Object.entries(registry.events).flatMap(([event, { days }]) =>
        Object.keys(days).map((day) => ({ event, day })),
      );
      const list = days.map(({ event, day }) => `${event}/${day}`).join("\n");
      if (list === accepted) return;
      sending = relay
        .announceDays(days)
        .then(
          () => {
            accepted = list;
          },
          (error: unknown) => {
            quietUntil = deps.clock.now() + ANNOUNCE_COOLDOWN_MS;
            deps.logger.warn(
              { relay: relay.baseUrl, reason: error instanceof Error ? error.message : String(error) },
              "announcing the days to the relay failed; their pages read the published files",
            );
          },
        )
        .finally(() => {
          sending = undefined;
        });
    },
    /** Waits for an announcement in flight (tests, and a clean shutdown). */
    settled(): Promise<void> {
      return sending ?? Promise.resolve();
    },
  };
}

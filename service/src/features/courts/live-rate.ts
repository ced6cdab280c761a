import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";

/** The most live updates a match may send in any second: a point, an undo and a correction, with room. */
export const LIVE_UPDATES_PER_SECOND = 5;
const WINDOW_MS = 1_000;
/** Matches remembered before the quiet ones are forgotten. */
const MATCHES_KEPT = 1_000;

/**
 * The live updates' bound: at most {@link LIVE_UPDATES_PER_SECOND} per match in any second on this
 * instance; beyond it 429 `rate_limited` with `Retry-After` (the seconds until the window frees).
 * @example const rate = liveRate(clock); rate.take("open-hall-a\u0000107"); // throws past the bound
 */
export function liveRate(clock: Clock) {
  const recent = new Map<string, number[]>();

  function forgetQuiet(now: number): void {
    if (recent.size < MATCHES_KEPT) return;
    for (const [key, times] of recent)
      if ((times[times.length - 1] ?? 0) <= now - WINDOW_MS) recent.delete(key);
  }

  return {
    take(match: string): void {
      const now = clock.now();
      const times = (recent.get(match) ?? []).filter((at) => at > now - WINDOW_MS);
      if (times.length >= LIVE_UPDATES_PER_SECOND) {
        const waitMs = (times[0] as number) + WINDOW_MS - now;
        throw new AppError(
          "rate_limited",
          `at most ${LIVE_UPDATES_PER_SECOND} live updates a second per match; send the latest again shortly`,
          {},
          { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1_000)) },
        );
      }
      forgetQuiet(now);
      times.push(now);
      recent.set(match, times);
    },
  };
}

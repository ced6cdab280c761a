/**
 * The service's clock as a page sees it, for a page whose own clock may be off: a TV or a phone set
 * by hand runs minutes, or days, away from the service that stamps a call's `calledAt`. Each time
 * the service wrote into what the page received (a snapshot's `generatedAt`) bounds the difference:
 * when the page read it at `receivedAt` on its own clock, the service's clock then said at least
 * `stamp`, so the page's clock is at most `receivedAt - stamp` ahead of it. The estimate is the
 * tightest of the latest {@link SERVICE_CLOCK_SAMPLES} bounds: a snapshot pushed as it is made gives
 * the difference to within its trip, an old one (the relay's last on connect, the published file)
 * only a loose bound. For a page clock that runs steadily the estimate never puts the service's
 * time later than it is, so an age read with it is never more than the real one.
 */

/** Bounds kept: enough to hold one fresh push among the connect's old snapshot and file reads. */
export const SERVICE_CLOCK_SAMPLES = 8;

export interface ServiceClock {
  /** The service wrote `stamp` (epoch ms, its clock) into something the page read at `receivedAt` (the page's). */
  saw(stamp: number, receivedAt: number): void;
  /**
   * How far the page's clock is ahead of the service's (ms, negative when behind), as well as known;
   * `undefined` before anything was read.
   * @example clock.offset() // 259_200_000 on a TV whose clock is three days ahead
   */
  offset(): number | undefined;
}

export function serviceClock(): ServiceClock {
  const bounds: number[] = [];
  return {
    saw(stamp, receivedAt) {
      if (!Number.isFinite(stamp) || !Number.isFinite(receivedAt)) return;
      bounds.push(receivedAt - stamp);
      // A page clock set back later (by hand, or by the network's time) is followed at once; one
      // put forward, once the bounds from before it have gone.
      if (bounds.length > SERVICE_CLOCK_SAMPLES) bounds.shift();
    },
    offset() {
      return bounds.length === 0 ? undefined : Math.min(...bounds);
    },
  };
}

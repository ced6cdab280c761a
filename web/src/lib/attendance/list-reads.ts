/**
 * When a page reads an attendance list, exactly as the spec's client rules say:
 * - a nudge for the shown facility re-reads at most once per {@link NUDGE_GAP_MS} (the first at
 *   once; nudges inside the gap make one more read at its end, so the last change is read);
 * - every other read (open, back into view, socket reopened, refresh) is followed by exactly one
 *   more read {@link FOLLOW_UP_MS} later, after the service's 10 s list cache has passed;
 * - nothing else reads: there is no polling.
 */
import type { PageClock } from "../environment.ts";

export const NUDGE_GAP_MS = 2_000;
export const FOLLOW_UP_MS = 11_000;

/** Why a list is read. */
export type ReadReason = "open" | "visible" | "socket-reopened" | "refresh" | "nudge";

export interface ListReads {
  /** Reads for `reason` now (or, for a nudge inside the gap, at its end), plus any follow-up. */
  request(reason: ReadReason): void;
  /** Cancels every planned read (another facility is shown, or the page closes). */
  stop(): void;
}

/** The page's clock, as far as the reads need it. */
export type Timers = Pick<PageClock, "now" | "setTimeout" | "clearTimeout">;

/**
 * Plans the reads of one list; `read()` does one read.
 * @example const reads = planListReads(() => void readPeople(), env.clock); reads.request("open");
 */
export function planListReads(read: () => void, timers: Timers): ListReads {
  const planned = new Set<unknown>();
  let lastNudgeRead = Number.NEGATIVE_INFINITY;
  let nudgeWaiting = false;
  let stopped = false;

  const later = (ms: number, run: () => void) => {
    const handle = timers.setTimeout(() => {
      planned.delete(handle);
      if (!stopped) run();
    }, ms);
    planned.add(handle);
  };
  const nudgeRead = () => {
    nudgeWaiting = false;
    lastNudgeRead = timers.now();
    read();
  };

  return {
    request(reason) {
      if (stopped) return;
      if (reason !== "nudge") {
        read();
        later(FOLLOW_UP_MS, read);
        return;
      }
      if (nudgeWaiting) return;
      const wait = lastNudgeRead + NUDGE_GAP_MS - timers.now();
      if (wait <= 0) return nudgeRead();
      nudgeWaiting = true;
      later(wait, nudgeRead);
    },
    stop() {
      stopped = true;
      for (const handle of planned) timers.clearTimeout(handle);
      planned.clear();
    },
  };
}

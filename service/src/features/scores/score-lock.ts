import { createHash } from "node:crypto";
import type { LiveRelay } from "../../ports/live-relay.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { createSerialQueue } from "../../shared/serial-queue.ts";

/** How long a save may wait for another instance's save of the same workbook. */
export const LEASE_WAIT_MS = 10_000;
/** After the relay failed to lease, saves use this instance's lock alone for this long. */
export const LEASE_COOLDOWN_MS = 60_000;
/** A Sheets call bounded by nothing (`SHEETS_FETCH_TIMEOUT_MS=0`) is assumed to take at most this. */
const UNBOUNDED_CALL_MS = 30_000;
/** Margin of a lease beyond the Sheets calls it covers. */
const LEASE_MARGIN_MS = 5_000;
/**
 * The Sheets calls a lease covers, one after the other: the read (`SCHEDULE` and `CALLS` side by
 * side), the write, and the write that ends or starts the match's call.
 */
export const LEASE_CALLS = 3;

/** The lock a save holds while it reads, compares and writes. */
export interface HeldLock {
  /**
   * Called right before the write: refuses it (503 `service_busy`, nothing written) when the
   * relay's lease could run out before the write is done, so two saves never overlap.
   */
  beforeWrite(): void;
}

export interface ScoreLockDeps {
  /** The relay, when one is configured: its lease makes saves of a workbook one at a time across instances. */
  relay?: LiveRelay;
  clock: Clock;
  logger: { warn(object: object, message: string): void };
  /** `SHEETS_FETCH_TIMEOUT_MS`: the bound on each of the Sheets calls the lock covers; 0 = none. */
  sheetsCallMs: number;
}

const busy = () =>
  new AppError("service_busy", "another save of this workbook is still in progress; try again in a moment");

/**
 * Score saves and call writes one at a time per workbook. On this instance, a queue; across instances, a lease held
 * in the relay's Durable Object for the workbook (single-threaded, so one holder at a time), because
 * the Sheets API has no conditional write and two instances could otherwise both pass the expected
 * scores check. Without a relay the queue alone serialises. When the relay cannot be reached, saves
 * go on under the queue alone (a warning; the relay is left alone for a minute): score entry never
 * stops with the live relay, and two instances saving the same match in the same instant is then
 * possible again, as it was before the lease.
 * @example await lock.run(sheetId, async (held) => { const read = …; held.beforeWrite(); await write(); });
 */
export function createScoreLock(deps: ScoreLockDeps) {
  const queue = createSerialQueue();
  const callMs = deps.sheetsCallMs > 0 ? deps.sheetsCallMs : UNBOUNDED_CALL_MS;
  const ttlMs = LEASE_CALLS * callMs + LEASE_MARGIN_MS;
  let relayDownUntil = Number.NEGATIVE_INFINITY;

  async function lease(key: string) {
    const { relay } = deps;
    if (!relay || deps.clock.now() < relayDownUntil) return undefined;
    const askedAt = performance.now();
    let granted: Awaited<ReturnType<LiveRelay["acquireLease"]>>;
    try {
      granted = await relay.acquireLease(key, ttlMs, LEASE_WAIT_MS);
    } catch (error) {
      relayDownUntil = deps.clock.now() + LEASE_COOLDOWN_MS;
      deps.logger.warn(
        { relay: relay.baseUrl, error: (error as Error).message },
        "score lease unavailable; score saves are serialised on this instance only for a minute",
      );
      return undefined;
    }
    if (!granted) throw busy();
    // The lease runs from before it was asked for, measured here, so it never outlasts the relay's.
    return { token: granted.token, endsAt: askedAt + granted.ttlMs };
  }

  return {
    run<T>(sheetId: string, task: (held: HeldLock) => Promise<T>): Promise<T> {
      return queue.run(sheetId, async () => {
        const key = createHash("sha256").update(sheetId).digest("hex");
        const held = await lease(key);
        try {
          return await task({
            beforeWrite() {
              if (held && held.endsAt - performance.now() < callMs) throw busy();
            },
          });
        } finally {
          // Not awaited: the answer does not wait for the release.
          if (held) void deps.relay?.releaseLease(key, held.token);
        }
      });
    },
  };
}

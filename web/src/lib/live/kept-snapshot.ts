/**
 * The last snapshot a page saw of its day, kept on the phone (local storage, one per page), so a
 * page reopened without a network shows the results as they last were, saying how old they are.
 * Writes are spaced by {@link KEEP_EVERY_MS} (a busy day changes every few seconds, and writing a
 * day of 400 KB holds a throttled phone's page for 10 ms or more); the newest
 * one is written at the end of each spacing, or at once when the page is put away
 * ({@link SnapshotKeeper.flush}), so a score seen just before the phone is locked is kept too.
 */
import { type DaySnapshot, isDaySnapshot } from "../data/snapshot.ts";
import type { PageClock } from "../environment.ts";

export const KEEP_EVERY_MS = 30_000;

export interface SnapshotKeeper {
  /** The kept snapshot of this day, if the one kept is this day's. */
  read(): DaySnapshot | undefined;
  /** Keeps `snapshot` (soon, at most once per {@link KEEP_EVERY_MS}). */
  write(snapshot: DaySnapshot): void;
  /** Writes the snapshot waiting for its turn now: the page is being put away. */
  flush(): void;
}

/**
 * The kept snapshot of `event`'s `day` for the page `page` ("public", "score"), in `storage`.
 * @example const keep = keptSnapshot(env.storage, "public", "junior-open", "open-sat", env.clock);
 */
export function keptSnapshot(
  storage: Storage | undefined,
  page: string,
  event: string,
  day: string,
  clock: Pick<PageClock, "now" | "setTimeout" | "clearTimeout">,
): SnapshotKeeper {
  const key = `tournament-ops.kept-snapshot.${page}`;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let waiting: DaySnapshot | undefined;
  let timer: unknown;
  const store = () => {
    const snapshot = waiting;
    waiting = undefined;
    clock.clearTimeout(timer);
    if (snapshot === undefined) return;
    lastWrite = clock.now();
    try {
      storage?.setItem(key, JSON.stringify({ event, day, snapshot }));
    } catch {
      // Full or switched off: a page reopened offline shows nothing kept, only its status.
    }
  };
  return {
    read() {
      try {
        const kept = JSON.parse(storage?.getItem(key) ?? "null") as {
          event?: unknown;
          day?: unknown;
          snapshot?: unknown;
        } | null;
        return kept?.event === event && kept.day === day && isDaySnapshot(kept.snapshot)
          ? kept.snapshot
          : undefined;
      } catch {
        return undefined;
      }
    },
    write(snapshot) {
      const scheduled = waiting !== undefined;
      waiting = snapshot;
      if (scheduled) return;
      const wait = lastWrite + KEEP_EVERY_MS - clock.now();
      if (wait <= 0) store();
      else timer = clock.setTimeout(store, wait);
    },
    flush: store,
  };
}

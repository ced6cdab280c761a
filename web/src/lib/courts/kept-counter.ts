/**
 * A point counter kept on the phone (`point-counter.ts`): its state and how far the service has it,
 * under one storage key per match, so a reload or a phone that was offline loses no point; counters
 * untouched for two days are forgotten.
 */
import type { CounterState } from "./counter-state.ts";

/** Counters kept on the phone are forgotten once untouched this long. */
const KEPT_MS = 2 * 24 * 60 * 60 * 1000;
const STORAGE_PREFIX = "tournament-ops.point-counter.";

/** The match a counter counts. */
export interface CountedMatch {
  day: string;
  facility: string;
  matchNumber: string;
}

export interface Kept {
  state: CounterState;
  /** The highest seq the service has taken. */
  sent: number;
  updatedAt: number;
}

export const keyOf = (match: CountedMatch) =>
  `${STORAGE_PREFIX}${match.day}/${match.facility}/${match.matchNumber}`;

/** The counter kept on the phone for `match`, forgetting the ones untouched for two days. */
export function readKept(storage: Storage | undefined, match: CountedMatch, now: number): Kept | undefined {
  if (storage === undefined) return undefined;
  let found: Kept | undefined;
  try {
    for (let index = storage.length - 1; index >= 0; index--) {
      const key = storage.key(index);
      if (key === null || !key.startsWith(STORAGE_PREFIX)) continue;
      const kept = JSON.parse(storage.getItem(key) ?? "null") as Kept | null;
      if (kept === null || !(now - kept.updatedAt < KEPT_MS)) storage.removeItem(key);
      else if (key === keyOf(match)) found = kept;
    }
  } catch {
    return undefined;
  }
  return found;
}

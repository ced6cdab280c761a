/**
 * The match a scoresheet's QR code named while the phone had no scorer link: kept on the phone
 * (local storage: the link's QR code opens in a new page, often a new tab), so that once the
 * link is opened the page lands on that match, as it promised. Kept for {@link WAITING_MS}: long
 * enough to walk to the control desk, short enough that a stale scan never surprises anyone.
 */
import type { Place } from "./place.ts";

const KEY = "tournament-ops.score-waiting-match";
/** A scanned match waits this long for the scorer link. */
export const WAITING_MS = 2 * 3_600_000;

export interface WaitingMatch {
  /** Keeps the match a scanned address named. */
  keep(place: Place, now: number): void;
  /** The match that waits (and forgets it), if one was kept less than {@link WAITING_MS} ago. */
  take(now: number): Place | undefined;
}

/** The waiting match in `storage` (the page's `localStorage`; undefined keeps nothing). */
export function waitingMatch(storage: Storage | undefined): WaitingMatch {
  return {
    keep({ facility, match }, now) {
      if (facility === undefined || match === undefined) return;
      try {
        storage?.setItem(KEY, JSON.stringify({ facility, match, at: now }));
      } catch {
        // Full or switched off: the umpire opens the match from the list instead.
      }
    },
    take(now) {
      let kept: { facility?: unknown; match?: unknown; at?: unknown } | undefined;
      try {
        kept = JSON.parse(storage?.getItem(KEY) ?? "null") ?? undefined;
        storage?.removeItem(KEY);
      } catch {
        return undefined;
      }
      const { facility, match, at } = kept ?? {};
      if (typeof facility !== "string" || typeof match !== "string" || typeof at !== "number")
        return undefined;
      return now - at >= 0 && now - at < WAITING_MS ? { facility, match } : undefined;
    },
  };
}

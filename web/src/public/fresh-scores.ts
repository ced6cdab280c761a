/**
 * Changes seen (docs/pages.md): a score that arrives is marked for {@link FRESH_MS} wherever its
 * match shows (matches, courts, the bracket), and said once to screen readers through a polite
 * live region. The first snapshot of a day marks nothing, nor does the first one from the network
 * after the one the phone kept: only what changes while the page is open.
 */
import { effect, type ReadonlySignal, signal } from "@preact/signals";
import { announcement, scoreChanges } from "../lib/data/score-changes.ts";
import type { DaySnapshot } from "../lib/data/snapshot.ts";
import type { FeedState } from "../lib/live/day-feed.ts";
import type { PageClock } from "../lib/page/environment.ts";

/** How long a score that arrived stays marked. */
export const FRESH_MS = 8_000;

export interface FreshScores {
  /** The matches marked now, as {@link freshKey}s. */
  fresh: ReadonlySignal<ReadonlySet<string>>;
  /** What the live region says: the last scores that arrived, cleared with their mark. */
  said: ReadonlySignal<string>;
}

/** A match's key in {@link FreshScores.fresh}. */
export const freshKey = (facility: string, number: string) => `${facility}\u0000${number}`;

export function freshScores(feed: ReadonlySignal<FeedState | undefined>, clock: PageClock): FreshScores {
  const fresh = signal<ReadonlySet<string>>(new Set());
  const said = signal("");
  /** Each marked match with the time its mark ends. */
  const until = new Map<string, number>();
  let previous: DaySnapshot | undefined;
  /** `previous` is the snapshot the phone kept from an earlier visit. */
  let previousKept = false;
  let timer: unknown;
  const sweep = () => {
    const now = clock.now();
    for (const [key, end] of until) if (end <= now) until.delete(key);
    fresh.value = new Set(until.keys());
    if (until.size === 0) said.value = "";
    clock.clearTimeout(timer);
    if (until.size > 0) timer = clock.setTimeout(sweep, Math.min(...until.values()) - now);
  };
  effect(() => {
    const state = feed.value;
    const snapshot = state?.snapshot;
    if (snapshot === previous) return;
    // Another day (or none) starts afresh: its first snapshot is not news, nor what changed since
    // the phone kept it.
    const changes =
      snapshot !== undefined && previous?.day === snapshot.day && !previousKept
        ? scoreChanges(previous, snapshot)
        : [];
    if (snapshot?.day !== previous?.day) until.clear();
    previous = snapshot;
    previousKept = state?.kept ?? false;
    if (changes.length === 0) return;
    const end = clock.now() + FRESH_MS;
    for (const { facility, match } of changes) until.set(freshKey(facility, match.matchNumber), end);
    said.value = announcement(changes);
    sweep();
  });
  return { fresh, said };
}

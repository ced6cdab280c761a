/**
 * Changes seen (docs/pages.md): a score that arrives is marked for {@link FRESH_MS} wherever its
 * match shows (matches, courts, the bracket), and said once to screen readers through a polite
 * live region. The first snapshot of a day marks nothing, nor does the first one from the network
 * after the one the phone kept: only what changes while the page is open.
 */
import { batch, effect, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { announcement, scoreChanges } from "../lib/data/score-changes.ts";
import type { DaySnapshot } from "../lib/data/snapshot.ts";
import type { PageClock } from "../lib/environment.ts";
import type { FeedState } from "../lib/live/day-feed.ts";

/** How long a score that arrived stays marked. */
export const FRESH_MS = 8_000;

export interface FreshScores {
  /** The matches marked now, as {@link freshKey}s. */
  fresh: ReadonlySignal<ReadonlySet<string>>;
  /**
   * Whether one match is marked now: changes only when that match's mark comes or goes, so a score
   * arriving in a 300-match hall touches one row, not every row's look-up in {@link fresh}.
   */
  marked(key: string): ReadonlySignal<boolean>;
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
  /** One signal per match a row asked about, kept for as long as the page is open. */
  const perMatch = new Map<string, Signal<boolean>>();
  const setMark = (key: string, on: boolean) => {
    const mark = perMatch.get(key);
    if (mark !== undefined) mark.value = on;
  };
  const show = (marks: ReadonlySet<string>) =>
    batch(() => {
      for (const key of fresh.peek()) if (!marks.has(key)) setMark(key, false);
      for (const key of marks) setMark(key, true);
      fresh.value = marks;
    });
  const sweep = () => {
    const now = clock.now();
    for (const [key, end] of until) if (end <= now) until.delete(key);
    show(new Set(until.keys()));
    if (until.size === 0) said.value = "";
    clock.clearTimeout(timer);
    if (until.size > 0) timer = clock.setTimeout(sweep, Math.min(...until.values()) - now);
  };
  effect(() => {
    const state = feed.value;
    const snapshot = state?.snapshot;
    if (snapshot === previous) {
      // The network confirmed the kept snapshot as it was (the feed keeps the same object): what
      // changes from now on is news.
      previousKept &&= state?.kept ?? false;
      return;
    }
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
  const marked = (key: string) => {
    let mark = perMatch.get(key);
    if (mark === undefined) {
      mark = signal(fresh.peek().has(key));
      perMatch.set(key, mark);
    }
    return mark;
  };
  return { fresh, marked, said };
}

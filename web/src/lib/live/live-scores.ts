/**
 * The live points a page shows (the relay's live-points messages, `dayFollower`'s `onLive`), in
 * signals: the whole set, for the courts and the followed players, and one signal per match, so a
 * point arriving in a 300-match hall redraws the one row that shows it (as `fresh-scores.ts` marks
 * a score), never the list.
 */
import { batch, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { liveKey } from "@tournament-ops/relay/live-points";
import {
  applyLivePoints,
  type HeldPoints,
  inPlayByHall,
  type LivePoint,
  type LivePointsMessage,
} from "./live-points.ts";

export interface LiveScores {
  /** Each match's latest point (`live-points.ts`). */
  points: ReadonlySignal<HeldPoints>;
  /** The match numbers with live points, by hall (for `courtsNow`'s `inPlay`). */
  inPlay: ReadonlySignal<ReadonlyMap<string, ReadonlySet<string>>>;
  /** One match's latest point: changes only when that match's point comes, changes or goes. */
  of(facility: string, matchNumber: string): ReadonlySignal<LivePoint | undefined>;
  /** Takes a relay message (the feed's `onLive`). */
  take(message: LivePointsMessage): void;
  /** Forgets every point (another day is followed). */
  clear(): void;
}

export function liveScores(): LiveScores {
  const points = signal<HeldPoints>(new Map());
  const inPlay = signal<ReadonlyMap<string, ReadonlySet<string>>>(new Map());
  /** One signal per match a page asked about, kept while the page is open. */
  const perMatch = new Map<string, Signal<LivePoint | undefined>>();
  const show = (next: HeldPoints) => {
    const before = points.peek();
    if (next === before) return;
    batch(() => {
      points.value = next;
      inPlay.value = inPlayByHall(next);
      for (const [key, mark] of perMatch) {
        const point = next.get(key);
        if (point !== before.get(key)) mark.value = point;
      }
    });
  };
  return {
    points,
    inPlay,
    of(facility, matchNumber) {
      const key = liveKey(facility, matchNumber);
      let mark = perMatch.get(key);
      if (mark === undefined) {
        mark = signal(points.peek().get(key));
        perMatch.set(key, mark);
      }
      return mark;
    },
    take: (message) => show(applyLivePoints(points.peek(), message)),
    clear: () => show(new Map()),
  };
}

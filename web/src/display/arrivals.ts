/**
 * The order in which a day's scores arrived while the hall display was on, so its latest results
 * are the latest to arrive, not the latest in the schedule (a 10:00 match scored after the 10:30
 * one next to it comes first). The first snapshot brings nothing: what was there before the TV
 * came on keeps the schedule's order.
 */
import { effect, type ReadonlySignal, signal } from "@preact/signals";
import { scoreChanges } from "../lib/data/score-changes.ts";
import type { DaySnapshot } from "../lib/data/snapshot.ts";
import type { FeedState } from "../lib/live/day-feed.ts";

/** Each match whose score arrived ({@link arrivalKey}) with its place in the order, higher later. */
export type Arrivals = ReadonlyMap<string, number>;

/** A match's key in {@link Arrivals}. */
export const arrivalKey = (facility: string, matchNumber: string) => `${facility}\u0000${matchNumber}`;

/**
 * The scores that arrived on the followed day, in order; another day starts afresh. Watched as
 * each snapshot comes (not when the screens are next drawn), so two scores arriving between two
 * draws keep their order.
 */
export function arrivals(feed: ReadonlySignal<FeedState | undefined>): ReadonlySignal<Arrivals> {
  const order = signal<Arrivals>(new Map());
  let previous: DaySnapshot | undefined;
  let count = 0;
  effect(() => {
    const snapshot = feed.value?.snapshot;
    if (snapshot === previous) return;
    if (snapshot === undefined || snapshot.day !== previous?.day) {
      order.value = new Map();
    } else {
      const changes = scoreChanges(previous, snapshot);
      if (changes.length > 0) {
        const next = new Map(order.peek());
        for (const { facility, match } of changes) {
          const key = arrivalKey(facility, match.matchNumber);
          // Moved to the end, so the map holds each match once.
          next.delete(key);
          next.set(key, ++count);
        }
        order.value = next;
      }
    }
    previous = snapshot;
  });
  return order;
}

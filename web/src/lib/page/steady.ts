/**
 * A computed signal of plain values (an object of strings, numbers and booleans) that keeps its
 * object while a new one holds the same values, so what reads it draws again only when something
 * it shows has changed: a page's go-live reading or heading, recomputed on every score that
 * arrives, changes only on the rare message that changes them.
 */
import { computed, type ReadonlySignal } from "@preact/signals";

/** @example const heading = steady(() => ({ label: snapshot.value.label, date: snapshot.value.date })); */
export function steady<T extends object | undefined>(compute: () => T): ReadonlySignal<T> {
  let last: T | undefined;
  return computed(() => {
    const next = compute();
    if (last !== undefined && next !== undefined && sameValues(last, next)) return last;
    last = next;
    return next;
  });
}

function sameValues(a: object, b: object): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key])
  );
}

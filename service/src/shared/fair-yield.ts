import { performance } from "node:perf_hooks";

/** Milliseconds of chopped-up work (upload parsing) one event-loop turn may run before others get the thread. */
export const TURN_BUDGET_MS = 2;

let turnStarted = Number.NEGATIVE_INFINITY;
const line: Array<() => void> = [];
let scheduled = false;

function nextInLine(): void {
  scheduled = false;
  turnStarted = performance.now();
  line.shift()?.();
  if (line.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(nextInLine);
}

/**
 * Lets long work run in small pieces without holding the thread, however many run at once: each
 * piece calls this between steps; while the current event-loop turn has used less than
 * `TURN_BUDGET_MS` it goes on at once, otherwise it waits in one shared line and resumes in a later
 * turn, one waiter per turn, so requests and timers run in between. Six uploads parsed at once
 * therefore cost the loop no more than one does per turn.
 * @example for (const slice of slices) { await fairYield(); parse(slice); }
 */
export function fairYield(): Promise<void> | undefined {
  if (performance.now() - turnStarted < TURN_BUDGET_MS) return undefined;
  return new Promise((resolve) => {
    line.push(resolve);
    schedule();
  });
}

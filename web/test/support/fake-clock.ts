/**
 * A page's clock for tests, in the shape of the service's `manualClock` (service/src/shared/clock.ts):
 * it starts where told and moves only when told, running each timer as its time comes.
 */
import type { PageClock } from "../../src/lib/environment.ts";

export interface FakeClock extends PageClock {
  /** Jumps to `t` without running timers (the phone's clock moved); the next advance runs what fell due. */
  set(t: number | string): void;
  /**
   * Moves the time on by `ms`, running each timer at its own time, in order, and letting the
   * page's promises (a fake fetch's answer, a read that follows it) settle after each.
   */
  advance(ms: number): Promise<void>;
  /** How many timers wait. */
  pending(): number;
}

interface Timer {
  due: number;
  run: () => void;
  every: number | undefined;
}

/** Lets every promise the page has started settle (answers of a fake fetch are already there). */
export async function settle(): Promise<void> {
  for (let round = 0; round < 8; round++) await new Promise((resolve) => setImmediate(resolve));
}

export function fakeClock(start: number | string): FakeClock {
  let current = typeof start === "string" ? Date.parse(start) : start;
  let next = 1;
  const timers = new Map<number, Timer>();
  const add = (run: () => void, ms: number, every: number | undefined) => {
    const id = next++;
    timers.set(id, { due: current + Math.max(0, ms), run, every });
    return id;
  };
  const clear = (handle: unknown) => {
    timers.delete(handle as number);
  };
  return {
    now: () => current,
    set(t) {
      current = typeof t === "string" ? Date.parse(t) : t;
    },
    setTimeout: (run, ms) => add(run, ms, undefined),
    clearTimeout: clear,
    setInterval: (run, ms) => add(run, ms, Math.max(1, ms)),
    clearInterval: clear,
    async advance(ms) {
      const end = current + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.due <= end)
          .sort(([a, x], [b, y]) => x.due - y.due || a - b)[0];
        if (due === undefined) break;
        const [id, timer] = due;
        // A timer left behind by set() runs once, at once, as a browser's does after a clock jump.
        current = Math.max(current, timer.due);
        if (timer.every === undefined) timers.delete(id);
        else timer.due = current + timer.every;
        timer.run();
        await settle();
      }
      current = end;
      await settle();
    },
    pending: () => timers.size,
  };
}

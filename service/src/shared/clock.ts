/** Time as a dependency, so every Asia/Manila rule is testable. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(
  start: number | string,
): Clock & { set(t: number | string): void; advance(ms: number): void } {
  let current = typeof start === "string" ? Date.parse(start) : start;
  return {
    now: () => current,
    set(t) {
      current = typeof t === "string" ? Date.parse(t) : t;
    },
    advance(ms) {
      current += ms;
    },
  };
}

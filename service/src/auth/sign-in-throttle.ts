/**
 * Failed sign-ins are throttled per client (see `clientKey`): at most `limit` attempts that were
 * not successes within `windowMs`; beyond them the client is refused until the oldest leaves the
 * window. An attempt counts the moment it starts, before the password is hashed, so parallel
 * attempts cannot all pass the check while the first are still hashing; a success takes its own
 * attempt back. A success does not reset another client's count.
 * @example
 * const wait = throttle.attempt(key, now); // 0: go ahead (counted); otherwise ms to wait
 * if (await verified()) throttle.forgive(key, now);
 */
export class SignInThrottle {
  readonly #attempts = new Map<string, number[]>();

  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit = 10, windowMs = 15 * 60 * 1000) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts an attempt and answers 0, or answers the milliseconds to wait without counting it. */
  attempt(key: string, now: number): number {
    const recent = this.#recent(key, now);
    const wait = this.#wait(recent, now);
    if (wait > 0) return wait;
    recent.push(now);
    this.#attempts.set(key, recent);
    return 0;
  }

  /** The milliseconds the client must wait before its next attempt (0: it may try); counts nothing. */
  waitFor(key: string, now: number): number {
    return this.#wait(this.#recent(key, now), now);
  }

  #wait(recent: number[], now: number): number {
    return recent.length >= this.limit
      ? (recent[recent.length - this.limit] as number) + this.windowMs - now
      : 0;
  }

  /** Takes back the attempt counted at `at`: it succeeded. */
  forgive(key: string, at: number): void {
    const times = this.#attempts.get(key);
    const index = times?.indexOf(at) ?? -1;
    if (index >= 0) times!.splice(index, 1);
  }

  #recent(key: string, now: number): number[] {
    const recent = (this.#attempts.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length === 0) this.#attempts.delete(key);
    // Keep the map bounded: a client with nothing recent costs nothing.
    if (this.#attempts.size > 10_000) this.#sweep(now);
    return recent;
  }

  #sweep(now: number) {
    for (const [key, times] of this.#attempts) {
      if (times.every((t) => t <= now - this.windowMs)) this.#attempts.delete(key);
    }
  }
}

/**
 * Failed sign-ins are throttled per client address: after `limit` failures within `windowMs`
 * the address is refused until the oldest failure leaves the window. A success does not reset
 * the count of another address.
 */
export class SignInThrottle {
  readonly #failures = new Map<string, number[]>();

  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit = 10, windowMs = 15 * 60 * 1000) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Milliseconds until the address may try again, or 0 when it may now. */
  retryAfterMs(address: string, now: number): number {
    const recent = this.#recent(address, now);
    if (recent.length < this.limit) return 0;
    return (recent[recent.length - this.limit] as number) + this.windowMs - now;
  }

  recordFailure(address: string, now: number): void {
    const recent = this.#recent(address, now);
    recent.push(now);
    this.#failures.set(address, recent);
  }

  #recent(address: string, now: number): number[] {
    const recent = (this.#failures.get(address) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length === 0) this.#failures.delete(address);
    // Keep the map bounded: an address with nothing recent costs nothing.
    if (this.#failures.size > 10_000) this.#sweep(now);
    return recent;
  }

  #sweep(now: number) {
    for (const [address, times] of this.#failures) {
      if (times.every((t) => t <= now - this.windowMs)) this.#failures.delete(address);
    }
  }
}

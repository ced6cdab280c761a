/** GitHub's limits on content-creating requests: every commit counts (`DATA_REPO_WRITES_PER_*`). */
export interface WriteLimits {
  perMinute: number;
  perHour: number;
}

/**
 * `urgent`: writes someone waits for and that never pile up (a revocation, a link issued, a
 * registry change), served first; `snapshot`: a day snapshot's archive commit, which merges what
 * arrives while it waits, so it may wait without losing anything.
 */
export type Lane = "urgent" | "snapshot";

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** What the diagnostics show of the budget. */
export interface WriteBudgetReport {
  perMinute: { limit: number; used: number };
  perHour: { limit: number; used: number };
  /** Writes waiting for their turn, by lane. */
  waiting: Record<Lane, number>;
  /** Until when (ISO 8601) a rate limit holds every write back, when one does. */
  pausedUntil?: string;
}

/** Writes counted in a sliding window. */
class Window {
  readonly #times: number[] = [];
  readonly span: number;
  readonly limit: number;
  constructor(span: number, limit: number) {
    this.span = span;
    this.limit = limit;
  }
  used(now: number): number {
    while (this.#times.length > 0 && (this.#times[0] as number) <= now - this.span) this.#times.shift();
    return this.#times.length;
  }
  note(now: number): void {
    this.#times.push(now);
  }
  /** When the window has room for one more write (`now` if it has). */
  roomAt(now: number): number {
    const used = this.used(now);
    return used < this.limit ? now : (this.#times[used - this.limit] as number) + this.span;
  }
}

/**
 * The service's one budget of data-repository writes: every commit, whoever makes it, stays
 * within `perMinute` in any minute and `perHour` in any hour. Waiting writes are served urgent
 * lane first, and within a lane round-robin by writer (a file), so no day or file waits behind
 * another's queue. Snapshot commits may use at most 90% of each limit (the rest is kept for
 * urgent writes) and are paced: at most a tenth of their hourly share in a burst, then spread
 * evenly over the hour, so a busy day never spends the hour in its first minutes. A rate limit
 * the host reports pauses every write until it ends.
 * @example const budget = new WriteBudget({ perMinute: 80, perHour: 500 }); await budget.request("open/data/sat.json", "snapshot").ready;
 */
export class WriteBudget {
  readonly #all: Window[];
  readonly #snapshots: Window[];
  readonly #burst: number;
  /** Snapshot commits allowed per ms, after the burst. */
  readonly #rate: number;
  #tokens: number;
  #refilledAt: number;
  readonly #queues: Record<Lane, Map<string, Array<() => void>>> = { urgent: new Map(), snapshot: new Map() };
  #timer?: ReturnType<typeof setTimeout>;
  #pausedUntil = Number.NEGATIVE_INFINITY;
  #open = true;

  constructor(limits: WriteLimits) {
    const share = (limit: number) => limit - Math.floor(limit / 10);
    this.#all = [new Window(MINUTE, limits.perMinute), new Window(HOUR, limits.perHour)];
    this.#snapshots = [new Window(MINUTE, share(limits.perMinute)), new Window(HOUR, share(limits.perHour))];
    this.#burst = Math.ceil(share(limits.perHour) / 10);
    this.#rate = Math.max(1, share(limits.perHour) - this.#burst) / HOUR;
    this.#tokens = this.#burst;
    this.#refilledAt = performance.now();
  }

  /**
   * Asks for one write of `writer`. `ready` settles when it may start (it is counted then);
   * `waitMs` says about how long that will be when it is not now.
   */
  request(writer: string, lane: Lane): { ready: Promise<void>; waitMs?: number } {
    if (!this.#open) return { ready: Promise.resolve() };
    const now = performance.now();
    const ahead = this.#queues.urgent.size + (lane === "snapshot" ? this.#queues.snapshot.size : 0);
    const spacing = lane === "snapshot" ? 1 / this.#rate : 0;
    const waitMs = Math.max(0, this.#nextAt(lane, now) - now) + ahead * spacing;
    let granted = false;
    const ready = new Promise<void>((resolve) => {
      const queue = this.#queues[lane];
      const waiter = () => {
        granted = true;
        resolve();
      };
      queue.set(writer, [...(queue.get(writer) ?? []), waiter]);
    });
    this.#pump();
    return granted ? { ready } : { ready, waitMs };
  }

  /** The host asked for a pause (a rate limit): no write starts before it ends. */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, performance.now() + ms);
    this.#pump();
  }

  /** Lets every waiting write go now, and every later one at once (the service is closing). */
  close(): void {
    this.#open = false;
    clearTimeout(this.#timer);
    for (const queue of Object.values(this.#queues)) {
      for (const waiters of queue.values()) for (const resolve of waiters) resolve();
      queue.clear();
    }
  }

  /** The diagnostics' `repository.writeBudget`; `clockNow` dates `pausedUntil` on the service's clock. */
  report(clockNow: number): WriteBudgetReport {
    const now = performance.now();
    const [minute, hour] = this.#all as [Window, Window];
    const count = (lane: Lane) => [...this.#queues[lane].values()].reduce((n, w) => n + w.length, 0);
    return {
      perMinute: { limit: minute.limit, used: minute.used(now) },
      perHour: { limit: hour.limit, used: hour.used(now) },
      waiting: { urgent: count("urgent"), snapshot: count("snapshot") },
      ...(this.#pausedUntil > now
        ? { pausedUntil: new Date(clockNow + this.#pausedUntil - now).toISOString() }
        : {}),
    };
  }

  /** The earliest time a write of `lane` may start, as far as the windows, the pace and a pause say. */
  #nextAt(lane: Lane, now: number): number {
    const windows = lane === "urgent" ? this.#all : [...this.#all, ...this.#snapshots];
    let at = Math.max(now, this.#pausedUntil, ...windows.map((w) => w.roomAt(now)));
    if (lane === "snapshot") {
      const tokens = this.#refill(now);
      if (tokens < 1) at = Math.max(at, now + (1 - tokens) / this.#rate);
    }
    return at;
  }

  #refill(now: number): number {
    this.#tokens = Math.min(this.#burst, this.#tokens + (now - this.#refilledAt) * this.#rate);
    this.#refilledAt = now;
    return this.#tokens;
  }

  #grant(lane: Lane, now: number): void {
    for (const window of this.#all) window.note(now);
    if (lane === "snapshot") {
      for (const window of this.#snapshots) window.note(now);
      this.#refill(now);
      this.#tokens -= 1;
    }
  }

  /** Starts every waiting write that may start now, in turn; then waits for the next one's time. */
  #pump(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (;;) {
      const lane: Lane | undefined =
        this.#queues.urgent.size > 0 ? "urgent" : this.#queues.snapshot.size > 0 ? "snapshot" : undefined;
      if (lane === undefined) return;
      const now = performance.now();
      const at = this.#nextAt(lane, now);
      if (at > now) {
        this.#timer = setTimeout(() => this.#pump(), Math.ceil(at - now));
        // A waiting write does not keep the process alive; close() lets them all go.
        this.#timer.unref?.();
        return;
      }
      const queue = this.#queues[lane];
      const [writer, waiters] = queue.entries().next().value as [string, Array<() => void>];
      // Round-robin: the writer served goes to the back of its lane.
      queue.delete(writer);
      const resolve = waiters.shift() as () => void;
      if (waiters.length > 0) queue.set(writer, waiters);
      this.#grant(lane, now);
      resolve();
    }
  }
}

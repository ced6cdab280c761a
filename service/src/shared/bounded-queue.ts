/**
 * A queue with a fixed number of places: at most `running` holders work at once, at most
 * `waiting` more wait their turn in order, and anyone beyond is refused at the door instead of
 * piling up. Used where one caller could otherwise fill the instance with work (scoresheet jobs,
 * sign-in hashing): the refusal is cheap and immediate, the work admitted is bounded.
 *
 * @example
 * const queue = new BoundedQueue({ running: 2, waiting: 4 });
 * const place = queue.enter();
 * if (!place) throw new AppError("service_busy", "try again shortly");
 * try {
 *   await place.turn(signal);
 *   await work();
 * } finally {
 *   place.leave();
 * }
 */
export class BoundedQueue {
  readonly running: number;
  readonly waiting: number;
  #holders = 0;
  #turns = 0;
  readonly #line: Array<() => void> = [];

  constructor(limits: { running: number; waiting: number }) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 0) {
        throw new Error(`bounded queue: ${name} must be a whole number at least 0, got ${value}`);
      }
    }
    if (limits.running < 1) throw new Error("bounded queue: running must be at least 1");
    this.running = limits.running;
    this.waiting = limits.waiting;
  }

  /** Places taken (working or waiting), and how many of them are working. */
  get size(): { held: number; working: number } {
    return { held: this.#holders, working: this.#turns };
  }

  /** A place, or `undefined` when every place is taken. */
  enter(): Place | undefined {
    if (this.#holders >= this.running + this.waiting) return undefined;
    this.#holders++;
    return new Place(this);
  }

  /** @internal Takes a turn now if one is free. */
  tryTurn(): boolean {
    if (this.#turns >= this.running) return false;
    this.#turns++;
    return true;
  }

  /** @internal `wake` is called when a turn passes to it. */
  joinLine(wake: () => void): void {
    this.#line.push(wake);
  }

  /** @internal */
  dropFromLine(wake: () => void): void {
    const at = this.#line.indexOf(wake);
    if (at >= 0) this.#line.splice(at, 1);
  }

  /** @internal */
  release(hadTurn: boolean): void {
    this.#holders--;
    if (!hadTurn) return;
    const next = this.#line.shift();
    // The turn passes straight to the next in line, so the working count never dips and rises again.
    if (next) next();
    else this.#turns--;
  }
}

/** One admitted holder: it may wait for its turn to work, and must leave exactly once. */
export class Place {
  readonly #queue: BoundedQueue;
  #state: "waiting" | "queued" | "working" | "left" = "waiting";
  #wake: (() => void) | undefined;
  #giveUp: ((reason: unknown) => void) | undefined;

  constructor(queue: BoundedQueue) {
    this.#queue = queue;
  }

  /**
   * Resolves when this place may work. Rejects with the signal's reason when it aborts first
   * (the place is then out of the line but still held until `leave`).
   */
  async turn(signal?: AbortSignal): Promise<void> {
    if (this.#state !== "waiting") throw new Error(`bounded queue: turn() called while ${this.#state}`);
    signal?.throwIfAborted();
    if (this.#queue.tryTurn()) {
      this.#state = "working";
      return;
    }
    this.#state = "queued";
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.#queue.dropFromLine(wake);
        this.#state = "waiting";
        reject(signal!.reason);
      };
      const wake = () => {
        signal?.removeEventListener("abort", onAbort);
        this.#state = "working";
        resolve();
      };
      this.#wake = wake;
      this.#giveUp = reject;
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#queue.joinLine(wake);
    });
  }

  /** Gives the place (and the turn, if it had one) back. Calling it again does nothing. */
  leave(): void {
    if (this.#state === "left") return;
    if (this.#state === "queued") {
      this.#queue.dropFromLine(this.#wake!);
      this.#giveUp!(new Error("bounded queue: left before its turn"));
    }
    const hadTurn = this.#state === "working";
    this.#state = "left";
    this.#queue.release(hadTurn);
  }
}

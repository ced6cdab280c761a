interface Slot<I, R> {
  running: Promise<R>;
  queued?: { inputs: I[]; promise: Promise<R> };
}

/**
 * Keyed single-flight with one trailing run: at most one run in flight and one queued per key.
 * A caller that arrives while a run is in flight is served by the queued run, which starts after
 * the current one settles and so sees everything the caller saw; callers that arrive meanwhile
 * share it, their inputs passed together.
 * @example const flight = new TrailingFlight<string, Edit, Report>();
 * const report = await flight.run("open-sat/Hall A", edit, (edits) => syncOnce(edits));
 */
export class TrailingFlight<K, I, R> {
  readonly #slots = new Map<K, Slot<I, R>>();

  run(key: K, input: I, work: (inputs: I[]) => Promise<R>): Promise<R> {
    const slot = this.#slots.get(key);
    if (!slot) return this.#start(key, [input], work);
    if (slot.queued) {
      slot.queued.inputs.push(input);
      return slot.queued.promise;
    }
    const inputs = [input];
    const promise = slot.running.then(
      () => this.#promote(key, inputs, work),
      () => this.#promote(key, inputs, work),
    );
    slot.queued = { inputs, promise };
    return promise;
  }

  /** Runs in flight or queued (for tests and diagnostics). */
  get size(): number {
    return this.#slots.size;
  }

  #start(key: K, inputs: I[], work: (inputs: I[]) => Promise<R>): Promise<R> {
    const running = Promise.resolve().then(() => work(inputs));
    const slot: Slot<I, R> = { running };
    this.#slots.set(key, slot);
    const settle = () => {
      if (this.#slots.get(key) === slot && !slot.queued) this.#slots.delete(key);
    };
    running.then(settle, settle);
    return running;
  }

  #promote(key: K, inputs: I[], work: (inputs: I[]) => Promise<R>): Promise<R> {
    this.#slots.delete(key);
    return this.#start(key, inputs, work);
  }
}

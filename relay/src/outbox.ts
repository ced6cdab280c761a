/**
 * The order in which one channel object writes a message to its sockets (issue 35, M3). A send to
 * thousands of sockets costs the runtime about 50 µs of CPU each (the message copied into each
 * socket's buffers), and no byte leaves before the object yields: writing one message to 3,000
 * sockets that never read, with a spectator among them, kept the spectator's score for the whole
 * fan-out (160–220 ms of the relay's CPU on the first push after they connected).
 *
 * So a message goes first to the sockets whose page has shown it reads (its `ping` since the last
 * message it was sent, `socket-limits.ts`), in the same turn, and to every other socket in batches
 * of {@link OUTBOX_BATCH}, one batch per turn of the event loop after that: a phone that reads is
 * never behind thousands of silent sockets, and a message pushed meanwhile reaches the readers
 * between two batches. Each socket still gets its messages in the order they were sent: one that
 * has a message waiting in a batch gets every later one behind it.
 *
 * Nothing here is kept across hibernation, and nothing needs to be: a batch waiting on its turn is
 * a timer, and the runtime does not hibernate an object with a timer pending.
 */

/** Sockets written per turn of the event loop, after the readers. */
export const OUTBOX_BATCH = 200;

/** What the outbox asks of the channel about one of its sockets. */
export interface Recipients<S> {
  /** True when `socket`'s page has shown it read what it was sent (pinged since its last message). */
  hasRead(socket: S): boolean;
  /** Writes `message` (`bytes` long) to `socket`, or closes it instead; true when written. */
  write(socket: S, message: string, bytes: number): boolean;
}

/** One message waiting for the sockets that were not written at once. */
interface Waiting<S> {
  sockets: S[];
  message: string;
  bytes: number;
  written: number;
  done: (written: number) => void;
}

/** Waits for the next turn of the event loop: what was written before it leaves the object first. */
const nextTurnOfLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The sends of one channel object: readers first, the rest in batches, each socket's in order.
 * @example
 * const outbox = new Outbox({ hasRead: (s) => …, write: (s, m) => { s.send(m); return true; } });
 * const clients = await outbox.send(ctx.getWebSockets(), text, bytes);
 */
export class Outbox<S extends object> {
  readonly #recipients: Recipients<S>;
  readonly #batch: number;
  readonly #nextTurn: () => Promise<void>;
  readonly #waiting: Waiting<S>[] = [];
  /** How many waiting messages each socket has: one with any gets later messages behind them. */
  readonly #queued = new Map<S, number>();
  #draining = false;

  /** @param nextTurn resolves at the next turn of the event loop (a test's stand-in steps it by hand) */
  constructor(recipients: Recipients<S>, batch = OUTBOX_BATCH, nextTurn = nextTurnOfLoop) {
    this.#recipients = recipients;
    this.#batch = Math.max(1, batch);
    this.#nextTurn = nextTurn;
  }

  /**
   * Writes `message` at once to each of `sockets` that has read what it was sent and has nothing
   * waiting, and to the others in the batches that follow.
   * @returns how many sockets were written it (not closed instead), once every socket was tried
   */
  send(sockets: Iterable<S>, message: string, bytes: number): Promise<number> {
    let written = 0;
    const later: S[] = [];
    for (const socket of sockets) {
      if (!this.#queued.has(socket) && this.#recipients.hasRead(socket)) {
        if (this.#recipients.write(socket, message, bytes)) written++;
      } else {
        later.push(socket);
      }
    }
    return this.#enqueue(later, message, bytes, written);
  }

  /**
   * Writes `message` to `socket` at once unless messages wait for it (then behind them): for what a
   * socket is sent on connect, which it has had no chance to show it reads.
   */
  sendNow(socket: S, message: string, bytes: number): void {
    if (this.#queued.has(socket)) void this.#enqueue([socket], message, bytes, 0);
    else this.#recipients.write(socket, message, bytes);
  }

  #enqueue(sockets: S[], message: string, bytes: number, written: number): Promise<number> {
    if (sockets.length === 0) return Promise.resolve(written);
    for (const socket of sockets) this.#queued.set(socket, (this.#queued.get(socket) ?? 0) + 1);
    const waiting = new Promise<number>((done) =>
      this.#waiting.push({ sockets, message, bytes, written, done }),
    );
    void this.#drain();
    return waiting;
  }

  /** Writes the waiting messages in order, one batch per turn, until none is left. */
  async #drain(): Promise<void> {
    if (this.#draining) return;
    this.#draining = true;
    try {
      for (let next = this.#waiting[0]; next !== undefined; next = this.#waiting[0]) {
        await this.#nextTurn();
        this.#writeBatch(next);
        if (next.sockets.length > 0) continue;
        this.#waiting.shift();
        next.done(next.written);
      }
    } finally {
      this.#draining = false;
    }
  }

  #writeBatch(waiting: Waiting<S>): void {
    for (const socket of waiting.sockets.splice(0, this.#batch)) {
      if (this.#recipients.write(socket, waiting.message, waiting.bytes)) waiting.written++;
      const left = (this.#queued.get(socket) ?? 1) - 1;
      if (left > 0) this.#queued.set(socket, left);
      else this.#queued.delete(socket);
    }
  }
}

import { type DataRepository, RateLimitedError, RevisionConflictError } from "../../ports/data-repository.ts";
import { withConflictRetries } from "../../repository/conflict-retries.ts";
import type { Clock } from "../../shared/clock.ts";
import { asUpstream, type CommittedFile, readCommitted } from "./committed-file.ts";
import { type Contribution, merged } from "./contribution.ts";
import { buildSnapshot, samePublication } from "./snapshot.ts";
import type { ArchiveOutcome, DaySnapshot } from "./types.ts";

interface Ticket {
  contribution: Contribution;
  resolve: (outcome: ArchiveOutcome) => void;
  reject: (error: unknown) => void;
}

export interface CommitterDeps {
  repository: DataRepository;
  clock: Clock;
  /** Spacing between the starts of two writes of this file (`ARCHIVE_MIN_INTERVAL_MS`). */
  minIntervalMs: number;
  /** Called with each committed snapshot (this instance's view and a follow-up push). */
  onCommitted: (snapshot: DaySnapshot, revision: string) => void;
  /** Called with each snapshot read from the repository. */
  onRead: (snapshot: DaySnapshot | undefined) => void;
}

/**
 * Group commit of one repository file: one write in flight; every contribution that arrives
 * meanwhile is merged into the next write, which starts at least `minIntervalMs` after the
 * previous one. Each write is a compare-and-swap over the last revision known; on a conflict the
 * file is read again and the batch merged again; the third conflict in a row fails the batch with
 * 409 `conflict`. A snapshot identical to the committed one is not written again. A caller's
 * promise settles once its contribution is in the repository, or, while the repository's host
 * has asked for a pause (a rate limit) or the write budget's turn has not come, at once as
 * `carried` with `retryAt`: the contribution stays queued and is written then, never dropped.
 * @example const outcome = await committer.submit({ ref, reads, published });
 */
export class FileCommitter {
  #pending: Ticket[] = [];
  #writing = false;
  #lastWriteStart = Number.NEGATIVE_INFINITY;
  #known?: CommittedFile;
  #timer?: NodeJS.Timeout;
  /** Until when (monotonic time) the host asked for a pause, and that time on the clock. */
  #pausedUntil = Number.NEGATIVE_INFINITY;
  #retryAt = 0;
  /** Contributions a pause or the budget held back and no write has taken in yet. */
  #held = 0;
  /** Waiting for the write budget's turn (`DataRepository.turn`). */
  #waitingTurn = false;
  /** The turn being waited for and the write after it, while there is one. */
  #running?: Promise<void>;

  readonly path: string;
  private readonly deps: CommitterDeps;

  constructor(path: string, deps: CommitterDeps) {
    this.path = path;
    this.deps = deps;
  }

  submit(contribution: Contribution): Promise<ArchiveOutcome> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ contribution, resolve, reject });
      if (this.#paused() || this.#waitingTurn) {
        this.#held++;
        resolve(this.#delayed());
      }
      this.#schedule();
    });
  }

  /** The contribution still waits for a write (no write has taken it yet). */
  queued(contribution: Contribution): boolean {
    return this.#pending.some((ticket) => ticket.contribution === contribution);
  }

  /**
   * What a contribution still {@link queued} is: `carried`, with the file's last revision known and
   * when the next write is due (`retryAt`). For a caller that answers before its commit (a score
   * save whose score the relay already pushed).
   */
  due(): ArchiveOutcome {
    const retryAt = new Date(this.deps.clock.now() + Math.max(this.#waitMs(), 0)).toISOString();
    return { path: this.path, status: "carried", revision: this.#known?.revision ?? "", retryAt };
  }

  /** While a rate limit or the write budget holds the commits back: when they are tried again, how many wait. */
  get delay(): { path: string; retryAt: string; waiting: number } | undefined {
    if (this.#held === 0) return undefined;
    return { path: this.path, retryAt: new Date(this.#retryAt).toISOString(), waiting: this.#held };
  }

  /** Tells the committer the file as read elsewhere, so its next write may skip a read. */
  know(revision: string | null, snapshot: DaySnapshot | undefined): void {
    if (!this.#writing && this.#known === undefined) this.#known = { revision, snapshot };
  }

  /** Writes now what waits for the spacing timer (app close); settles once the write in progress is done. */
  flushNow(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#takeTurn();
    }
    return this.#running ?? Promise.resolve();
  }

  /** How long until the next write may start: the spacing after the last one, or the host's pause. */
  #waitMs(): number {
    return Math.max(this.#lastWriteStart + this.deps.minIntervalMs, this.#pausedUntil) - performance.now();
  }

  #paused(): boolean {
    return performance.now() < this.#pausedUntil;
  }

  #delayed(): ArchiveOutcome {
    const retryAt = new Date(this.#retryAt).toISOString();
    return { path: this.path, status: "carried", revision: this.#known?.revision ?? "", retryAt };
  }

  #schedule(): void {
    if (this.#writing || this.#timer || this.#pending.length === 0) return;
    const wait = this.#waitMs();
    if (wait <= 0) {
      this.#takeTurn();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#takeTurn();
    }, wait);
    // The listening server keeps the process alive; on close, flushNow writes at once instead.
    this.#timer.unref();
  }

  /**
   * Waits for the write budget's turn before taking the batch, so the commit holds every
   * contribution that arrived meanwhile. When the turn is not free now, the waiting callers are
   * answered at once as `carried` with the time it is expected (`retryAt`); their contributions stay.
   */
  #takeTurn(): void {
    const run: Promise<void> = this.#turnThenWrite().finally(() => {
      if (this.#running === run) this.#running = undefined;
    });
    this.#running = run;
  }

  async #turnThenWrite(): Promise<void> {
    const turn = this.deps.repository.turn?.(this.path);
    if (turn?.expectedAt !== undefined) {
      this.#writing = this.#waitingTurn = true;
      this.#retryAt = turn.expectedAt;
      this.#held = this.#pending.length;
      for (const ticket of this.#pending) ticket.resolve(this.#delayed());
      await turn.ready;
      this.#waitingTurn = false;
    }
    await this.#write();
  }

  async #write(): Promise<void> {
    this.#writing = true;
    const batch = this.#pending;
    this.#pending = [];
    try {
      const outcome = await this.#commit(batch.map((t) => t.contribution));
      this.#held = Math.max(0, this.#held - batch.length);
      for (const ticket of batch) {
        const same = samePublication(ticket.contribution.published, outcome.snapshot);
        const status = outcome.written ? (same ? "committed" : "carried") : "unchanged";
        ticket.resolve({ path: this.path, status, revision: outcome.revision });
      }
    } catch (error) {
      if (error instanceof RateLimitedError) {
        // Kept for the write after the pause; their callers learn now that it is delayed.
        this.#pausedUntil = performance.now() + error.waitMs;
        this.#retryAt = this.deps.clock.now() + error.waitMs;
        this.#pending = [...batch, ...this.#pending];
        this.#held = this.#pending.length;
        for (const ticket of batch) ticket.resolve(this.#delayed());
        return;
      }
      this.#held = Math.max(0, this.#held - batch.length);
      this.#known = undefined;
      for (const ticket of batch) ticket.reject(error);
    } finally {
      this.#writing = false;
      this.#schedule();
    }
  }

  async #commit(
    batch: Contribution[],
  ): Promise<{ revision: string; snapshot: DaySnapshot; written: boolean }> {
    const { ref, reads, editedAt } = merged(batch);
    let started = 0;
    // Two instances that lost to each other would collide again in step: a random pause about
    // as long as a write takes sets them apart.
    const pause = (conflicts: number) =>
      new Promise<void>((resolve) =>
        setTimeout(resolve, Math.random() * (performance.now() - started + 25) * conflicts),
      );
    return withConflictRetries(
      this.path,
      async () => {
        // A retry after a conflict is one more commit: it waits for a turn of its own.
        const turn = this.deps.repository.turn?.(this.path);
        if (turn?.expectedAt !== undefined) await turn.ready;
        const known = this.#known ?? (await this.#read());
        const snapshot = buildSnapshot({
          ref,
          base: known.snapshot,
          reads,
          editedAt,
          now: this.deps.clock.now(),
        });
        if (known.revision !== null && known.snapshot && samePublication(known.snapshot, snapshot)) {
          return { revision: known.revision, snapshot, written: false };
        }
        this.#lastWriteStart = started = performance.now();
        const content = `${JSON.stringify(snapshot)}\n`;
        const message = `sync ${snapshot.event}/${snapshot.day}`;
        try {
          const { revision } = await this.deps.repository.write(this.path, content, known.revision, message);
          this.#known = { revision, snapshot };
          this.deps.onCommitted(snapshot, revision);
          return { revision, snapshot, written: true };
        } catch (error) {
          if (!(error instanceof RevisionConflictError)) throw asUpstream(error, "written");
          this.#known = undefined;
          throw error;
        }
      },
      pause,
    );
  }

  async #read(): Promise<CommittedFile> {
    const file = await readCommitted(this.deps.repository, this.path);
    this.deps.onRead(file.snapshot);
    return file;
  }
}

import { livePushEnabled } from "../../registry/live-push.ts";
import type { DayRef } from "../../registry/types.ts";
import { FileCommitter } from "./group-commit.ts";
import { buildSnapshot, type FacilityRead, newestOf, parseSnapshot, samePublication } from "./snapshot.ts";
import type { ArchiveOutcome, DaySnapshot, LiveOutcome, SyncDeps } from "./types.ts";

/** A repository read of the snapshot younger than this is reused as the merge base. */
const REPOSITORY_READ_REUSE_MS = 2_000;

export interface Publication {
  snapshot: DaySnapshot;
  live: LiveOutcome;
  /** Why the snapshot went to the repository alone, when it did. */
  repositoryOnly?: string;
  /** Whether live push was on, so a push was tried. */
  attempted: boolean;
  /** Settles once the snapshot (or a later one holding it) is committed. */
  archive: Promise<ArchiveOutcome>;
}

/** `<event>/data/<day>.json` */
export const snapshotPath = (ref: DayRef) => `${ref.eventKey}/data/${ref.dayKey}.json`;

/**
 * Publishes day snapshots for one instance: merges reads into the newest snapshot known (this
 * instance's own, and the repository's read in parallel with the workbook read), pushes it to
 * the relay at once, and hands it to the file's group commit, which does not hold the push.
 * @example const publication = await publisher.publish(ref, [read], editedAt);
 */
export class Publisher {
  readonly #latest = new Map<string, DaySnapshot>();
  readonly #pushed = new Map<string, DaySnapshot>();
  readonly #committers = new Map<string, FileCommitter>();
  readonly #reads = new Map<string, { at: number; promise: Promise<DaySnapshot | undefined> }>();

  private readonly deps: SyncDeps;

  constructor(deps: SyncDeps) {
    this.deps = deps;
  }

  /** Writes every snapshot waiting for its spacing timer now (app close); settles once they are written. */
  async close(): Promise<void> {
    await Promise.all([...this.#committers.values()].map((committer) => committer.flushNow()));
  }

  /** Starts (or joins) a repository read of the day's snapshot, to run beside the workbook reads. */
  prefetch(ref: DayRef): Promise<DaySnapshot | undefined> {
    const path = snapshotPath(ref);
    const cached = this.#reads.get(path);
    if (cached && performance.now() - cached.at < REPOSITORY_READ_REUSE_MS) return cached.promise;
    const promise = this.deps.repository.read(path).then(
      (stored) => {
        const snapshot = parseSnapshot(stored?.content);
        this.#committer(path).know(stored?.revision ?? null, snapshot);
        this.#remember(path, snapshot);
        return snapshot;
      },
      (error: unknown) => {
        this.#reads.delete(path);
        this.deps.logger.warn({ err: error, path }, "the published snapshot could not be read");
        return undefined;
      },
    );
    this.#reads.set(path, { at: performance.now(), promise });
    return promise;
  }

  /**
   * Merges `reads` into the newest known snapshot and publishes it. The repository read is
   * waited for only when this instance knows no snapshot of the day yet.
   */
  async publish(
    ref: DayRef,
    reads: readonly FacilityRead[],
    editedAt: number | undefined,
    fromRepository: Promise<DaySnapshot | undefined>,
    commit: { awaitSpacing?: boolean } = {},
  ): Promise<Publication> {
    const path = snapshotPath(ref);
    if (!this.#latest.has(path)) await fromRepository;
    const snapshot = buildSnapshot({
      ref,
      base: this.#latest.get(path),
      reads,
      editedAt,
      now: this.deps.clock.now(),
    });
    this.#latest.set(path, snapshot);
    const committer = this.#committer(path);
    const contribution = { ref, reads, editedAt, published: snapshot };
    const committed = committer.submit(contribution);
    committed.catch(() => {});
    const { live, repositoryOnly, attempted } = await this.push(ref, snapshot);
    // Pushed live, the pages have it: a caller that asked not to wait for the commit's turn is
    // answered now while its snapshot still waits for a write (a write under way is awaited);
    // pushed nowhere, the file is how the pages learn it, so it is awaited.
    const early = commit.awaitSpacing === false && live.pushed && committer.queued(contribution);
    const archive = early ? Promise.resolve(committer.due()) : committed;
    return { snapshot, live, repositoryOnly, attempted, archive };
  }

  /** The files whose commits a rate limit holds back now (the sync diagnostics' `repository` member). */
  delays(): Array<{ path: string; retryAt: string; waiting: number }> {
    return [...this.#committers.values()].flatMap((committer) => (committer.delay ? [committer.delay] : []));
  }

  /** The day's last snapshot, this instance's or the repository's, or undefined when it was never published. */
  async lastSnapshot(ref: DayRef): Promise<DaySnapshot | undefined> {
    await this.prefetch(ref);
    return this.#latest.get(snapshotPath(ref));
  }

  /** Pushes to the relay when live push is on; a relay failure is reported, never thrown. */
  async push(
    ref: DayRef,
    snapshot: DaySnapshot,
  ): Promise<{ live: LiveOutcome; repositoryOnly?: string; attempted: boolean }> {
    const { deps } = this;
    const relay = deps.liveRelay;
    const off = (repositoryOnly: string) => ({ live: { pushed: false }, repositoryOnly, attempted: false });
    if (!relay) return off("live push is not configured (LIVE_PUSH_URL)");
    const livePush = (await deps.registry.get()).registry.livePush;
    if (!livePushEnabled(relay, livePush)) return off("live push is switched off (livePush: false)");
    try {
      const { clients } = await relay.publish(ref.eventKey, ref.dayKey, snapshot);
      this.#pushed.set(snapshotPath(ref), snapshot);
      return { live: { pushed: true, clients }, attempted: true };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.logger.warn(
        { err: error, day: ref.dayKey },
        "live push failed; published to the repository alone",
      );
      return {
        live: { pushed: false, error: reason },
        repositoryOnly: `the relay failed: ${reason}`,
        attempted: true,
      };
    }
  }

  #remember(path: string, snapshot: DaySnapshot | undefined): void {
    const merged = newestOf(this.#latest.get(path), snapshot);
    if (merged) this.#latest.set(path, merged);
  }

  #committer(path: string): FileCommitter {
    let committer = this.#committers.get(path);
    if (!committer) {
      committer = new FileCommitter(path, {
        repository: this.deps.repository,
        clock: this.deps.clock,
        minIntervalMs: this.deps.archiveMinIntervalMs,
        onRead: (snapshot) => this.#remember(path, snapshot),
        onCommitted: (snapshot) => this.#afterCommit(path, snapshot),
      });
      this.#committers.set(path, committer);
    }
    return committer;
  }

  /**
   * A commit that merged another instance's work makes a snapshot no page has seen: this instance
   * then pushes the merged day, so the live view converges as the repository does.
   */
  #afterCommit(path: string, committed: DaySnapshot): void {
    this.#remember(path, committed);
    const pushed = this.#pushed.get(path);
    if (pushed === undefined || samePublication(pushed, committed)) return;
    void this.deps.registry
      .findDay(committed.day)
      .then((ref) => {
        const merged = this.#latest.get(path);
        if (!merged || samePublication(merged, pushed)) return;
        const snapshot = buildSnapshot({ ref, base: merged, reads: [], now: this.deps.clock.now() });
        this.#latest.set(path, snapshot);
        return this.push(ref, snapshot);
      })
      .catch((error: unknown) => this.deps.logger.warn({ err: error, path }, "follow-up live push failed"));
  }
}

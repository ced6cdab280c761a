import type { DataRepository } from "../../ports/data-repository.ts";
import type { LiveRelay } from "../../ports/live-relay.ts";
import type { Rows, Spreadsheets } from "../../ports/spreadsheet.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { DayRef, Facility, IsLive } from "../../registry/types.ts";
import type { Clock } from "../../shared/clock.ts";

/** How a facility's workbook is read: the Sheets API (default) or the link-shared CSV export. */
export type SyncMethod = "sheets" | "csv";

/** One facility in a day snapshot (DESIGN.md's shape). */
export interface FacilitySnapshot {
  name: string;
  /** `ok`: read by the sync that made the snapshot or an earlier one; `stale`: the last read failed; `skipped`: no `sheetId`. */
  status: "ok" | "stale" | "skipped";
  /** When the data shown was read (ISO 8601); null when it never was. */
  fetchedAt: string | null;
  /** Why the newest read failed (status `stale`). */
  error?: string;
  matchesCsv: string;
  standingsCsv: string;
  /** Team events only: the roster tab as CSV. */
  rosterCsv?: string;
  /** The `CALLS` tab as CSV (the matches called to courts), when the workbook has one. */
  callsCsv?: string;
}

/** The published day snapshot, `<event>/data/<day>.json` (schema: `docs/schemas/day-snapshot.schema.json`). */
export interface DaySnapshot {
  event: string;
  day: string;
  label: string;
  date: string | null;
  isLive: IsLive | null;
  generatedAt: string;
  /** The newest accepted workbook edit time this snapshot covers (ISO 8601), or null. */
  editedAt: string | null;
  facilities: FacilitySnapshot[];
  /** Every facility's matches in one CSV with a leading `facility` column. */
  matchesCsv: string;
}

/** Where a snapshot went in the data repository, as far as the caller may be told. */
export interface ArchiveOutcome {
  path: string;
  /**
   * `committed`: this snapshot was written in `revision`; `carried`: a later commit (`revision`)
   * holds it; `unchanged`: identical to the committed file (`revision`), nothing written. While the
   * repository's host asks for a pause (a rate limit) the status is `carried` with `retryAt`: the
   * snapshot waits in this instance for the commit that will hold it, and `revision` is the file's
   * last one known; so it is for a score save pushed live whose commit is still to come.
   * (The released 3.0 status values stay the only ones: a new value would change
   * the member's type, which Versioning calls breaking; `retryAt` is an added member.)
   */
  status: "committed" | "carried" | "unchanged";
  revision: string;
  /**
   * While a rate limit holds the commit back, or (for a score save pushed live) while the commit is
   * still to come: when it is due (ISO 8601).
   */
  retryAt?: string;
}

/** The live push's outcome: `pushed` false with `error` when the relay failed or live push is off. */
export interface LiveOutcome {
  pushed: boolean;
  clients?: number;
  error?: string;
}

export interface FacilityOutcome {
  name: string;
  status: "ok" | "stale" | "skipped";
  /** Why the read failed (`stale`), or why it was skipped. */
  error?: string;
  fetchedAt: string | null;
  /** Data rows in the facility's matches CSV. */
  matches: number;
}

/** The 200 body of a sync. */
export interface SyncReport {
  event: string;
  day: string;
  label: string;
  /** The facility synced, or null for a day-level sync. */
  facility: string | null;
  method: SyncMethod;
  /** The accepted `editedAt` (ISO 8601) or null. */
  editedAt: string | null;
  /** Why a given `editedAt` was ignored (older than an hour, or in the future). */
  editedAtIgnored?: string;
  facilities: FacilityOutcome[];
  live: LiveOutcome;
  /** Why the snapshot went to the repository alone (live push off, or the relay failed). */
  repositoryOnly?: string;
  archive: ArchiveOutcome;
  /** Wall time from the request to the report, in ms. */
  durationMs: number;
  /** The snapshot this sync published (live and archive). */
  snapshot: DaySnapshot;
}

export interface SyncFacilityOptions {
  method?: SyncMethod;
  /** Epoch ms of the workbook edit that triggered the sync (already parsed; the age rule is applied here). */
  editedAt?: number;
  /**
   * `false`: once the snapshot is pushed live, answer without waiting for the archive commit (spaced
   * by `ARCHIVE_MIN_INTERVAL_MS`); the archive outcome is then `carried` with `retryAt` when the
   * commit is still to come. Not pushed live (relay down or off), the answer waits for the commit.
   */
  awaitArchiveSpacing?: boolean;
}

/** The body of a visibility change. */
export interface VisibilityReport {
  day: string;
  label: string;
  isLive: IsLive;
  republished: boolean;
  live?: LiveOutcome;
  archive?: { path: string; revision: string };
}

/** What a facility sync tells the hooks that run after it. */
export interface FacilitySynced extends DayRef {
  facility: Facility;
  /** The facility's tabs as this sync read them (displayed values), so a hook reads none of them again. */
  tabs: ReadonlyMap<string, Rows | undefined>;
}

/** Work that runs after each facility sync (the attendance hook), bounded by the sync. */
export type FacilityHook = (sync: FacilitySynced) => Promise<void>;

/**
 * The sync feature's service, one per app instance, shared with score entry so that a saved
 * score publishes through the same single-flight and group-commit queues.
 * @example const report = await sync.syncFacility("day-1", "Court A", { editedAt: Date.now() });
 */
export interface SyncService {
  /** Syncs one facility (single-flight per facility with one trailing run). */
  syncFacility(dayKey: string, facilityName: string, options?: SyncFacilityOptions): Promise<SyncReport>;
  /** Syncs every facility of the day with a `sheetId`, in parallel. */
  syncDay(dayKey: string, options?: { method?: SyncMethod }): Promise<SyncReport>;
  /** Republishes the day from its last snapshot with the registry's current `isLive` (no workbook read). */
  republishDay(dayKey: string): Promise<Pick<VisibilityReport, "republished" | "live" | "archive">>;
  /** The snapshot files whose commits a rate limit holds back now (diagnostics' `repository.delayedCommits`). */
  delayedCommits(): Array<{ path: string; retryAt: string; waiting: number }>;
  /** Writes what is waiting for its spacing timer or its turn now (app close); settles once written. */
  close(): Promise<void>;
}

/** What the sync service of one app instance works with. */
export interface SyncDeps {
  registry: RegistryStore;
  spreadsheets: Spreadsheets;
  repository: DataRepository;
  /** Present only when `LIVE_PUSH_URL` and `LIVE_PUSH_SECRET` are set. */
  liveRelay?: LiveRelay;
  clock: Clock;
  logger: { warn(object: object, message: string): void };
  /** Spacing between two writes of one snapshot file (`ARCHIVE_MIN_INTERVAL_MS`). */
  archiveMinIntervalMs: number;
  /** Run after each facility sync, each bounded to 6 s (the attendance hook). */
  afterFacilitySync: readonly FacilityHook[];
}

import type { Static } from "@sinclair/typebox";
import type { DataRepository } from "../../ports/data-repository.ts";
import type { LiveRelay } from "../../ports/live-relay.ts";
import type { Rows, Spreadsheets } from "../../ports/spreadsheet.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { DayRef, Facility } from "../../registry/types.ts";
import type { Clock } from "../../shared/clock.ts";
import type {
  ArchiveOutcomeSchema,
  DaySnapshotSchema,
  FacilityOutcomeSchema,
  FacilitySnapshotSchema,
  LiveOutcomeSchema,
  SyncMethodSchema,
  SyncReportSchema,
  VisibilityReportSchema,
} from "./schemas.ts";

/** How a facility's workbook is read: the Sheets API (default) or the link-shared CSV export. */
export type SyncMethod = Static<typeof SyncMethodSchema>;

/** One facility in a day snapshot (DESIGN.md's shape). */
export type FacilitySnapshot = Static<typeof FacilitySnapshotSchema>;

/** The published day snapshot, `<event>/data/<day>.json` (schema: `docs/schemas/day-snapshot.schema.json`). */
export type DaySnapshot = Static<typeof DaySnapshotSchema>;

/** Where a snapshot went in the data repository, as far as the caller may be told (`ArchiveOutcomeSchema`). */
export type ArchiveOutcome = Static<typeof ArchiveOutcomeSchema>;

/** The live push's outcome: `pushed` false with `error` when the relay failed or live push is off. */
export type LiveOutcome = Static<typeof LiveOutcomeSchema>;

/** One facility of a sync report. */
export type FacilityOutcome = Static<typeof FacilityOutcomeSchema>;

/** The 200 body of a sync. */
export type SyncReport = Static<typeof SyncReportSchema>;

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
export type VisibilityReport = Static<typeof VisibilityReportSchema>;

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

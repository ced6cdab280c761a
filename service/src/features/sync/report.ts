import type { DayRef } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";
import type { Publication } from "./publisher.ts";
import { type FacilityRead, matchCount } from "./snapshot.ts";
import type { FacilityOutcome, SyncMethod, SyncReport } from "./types.ts";

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** The error of a sync whose every facility read failed: 503 when all were busy, else 502. */
export function readFailure(reads: readonly FacilityRead[]): AppError {
  const failed = reads.filter((r): r is Extract<FacilityRead, { ok: false }> => !r.ok);
  const code = failed.every((r) => r.code === "service_busy") ? "service_busy" : "upstream_failure";
  const message =
    failed.length === 1
      ? `${failed[0]?.name}: ${failed[0]?.error}`
      : `every facility's fetch failed: ${failed.map((r) => `${r.name}: ${r.error}`).join("; ")}`;
  return new AppError(code, message, { facilities: failed.map((r) => ({ name: r.name, error: r.error })) });
}

/** A facility's line in the report after a read. */
export function outcomeOf(read: FacilityRead): FacilityOutcome {
  if (read.ok)
    return {
      name: read.name,
      status: "ok",
      fetchedAt: iso(read.fetchedAt),
      matches: matchCount(read.matchesCsv),
    };
  return { name: read.name, status: "stale", error: read.error, fetchedAt: null, matches: 0 };
}

/** A facility's line in the report when it has no workbook. */
export const skippedOutcome = (name: string): FacilityOutcome => ({
  name,
  status: "skipped",
  error: "no sheetId",
  fetchedAt: null,
  matches: 0,
});

/** What a sync did, gathered for its report. */
export interface SyncRun {
  /** `performance.now()` when the request began. */
  started: number;
  ref: DayRef;
  /** The facility synced, or null for a day-level sync. */
  facility: string | null;
  method: SyncMethod;
  edit: { accepted?: number; ignored?: string };
  outcomes: FacilityOutcome[];
  publication: Publication;
  /** The post-sync hooks, which the report waits for (they are bounded). */
  hooks: Promise<unknown>;
}

/**
 * The 200 body of a sync, once the archive commit and the hooks have settled.
 * @example return syncReport({ started, ref, facility: null, method, edit: {}, outcomes, publication, hooks });
 */
export async function syncReport(run: SyncRun): Promise<SyncReport> {
  const { ref, edit, publication } = run;
  const [archive] = await Promise.all([publication.archive, run.hooks]);
  return {
    event: ref.eventKey,
    day: ref.dayKey,
    label: ref.day.label,
    facility: run.facility,
    method: run.method,
    editedAt: iso(edit.accepted),
    ...(edit.ignored ? { editedAtIgnored: edit.ignored } : {}),
    facilities: run.outcomes,
    live: publication.live,
    ...(publication.repositoryOnly ? { repositoryOnly: publication.repositoryOnly } : {}),
    archive,
    durationMs: Math.round(performance.now() - run.started),
    snapshot: publication.snapshot,
  };
}

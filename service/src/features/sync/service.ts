import type { AppContext } from "../../app-context.ts";
import type { Rows } from "../../ports/spreadsheet.ts";
import type { DayRef, Facility } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";
import { acceptEditedAt } from "./edited-at.ts";
import { runAfterFacilitySync } from "./hooks.ts";
import { type Publication, Publisher, snapshotPath } from "./publisher.ts";
import { readFacility } from "./read-facility.ts";
import { SheetsCallCounter } from "./sheets-budget.ts";
import { TrailingFlight } from "./single-flight.ts";
import { type FacilityRead, matchCount } from "./snapshot.ts";
import type { FacilityOutcome, SyncMethod, SyncReport, SyncService } from "./types.ts";

interface Ask {
  method: SyncMethod;
  editedAt?: number;
}

/** One run of a facility's workbook read, shared by every caller it serves. */
interface Run {
  read: FacilityRead;
  /** The tabs it read, handed to the post-sync hooks. */
  tabs: ReadonlyMap<string, Rows | undefined>;
  method: SyncMethod;
  editedAt?: number;
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

function failure(reads: readonly FacilityRead[]): AppError {
  const failed = reads.filter((r): r is Extract<FacilityRead, { ok: false }> => !r.ok);
  const code = failed.every((r) => r.code === "service_busy") ? "service_busy" : "upstream_failure";
  const message =
    failed.length === 1
      ? `${failed[0]?.name}: ${failed[0]?.error}`
      : `every facility's fetch failed: ${failed.map((r) => `${r.name}: ${r.error}`).join("; ")}`;
  return new AppError(code, message, { facilities: failed.map((r) => ({ name: r.name, error: r.error })) });
}

function outcomeOf(read: FacilityRead): FacilityOutcome {
  if (read.ok)
    return {
      name: read.name,
      status: "ok",
      fetchedAt: iso(read.fetchedAt),
      matches: matchCount(read.matchesCsv),
    };
  return { name: read.name, status: "stale", error: read.error, fetchedAt: null, matches: 0 };
}

/**
 * Makes the sync service of one app instance (see `SyncService`). Its Sheets call counter wraps
 * `ctx.spreadsheets`, so every feature's calls are counted; it shows in the sync diagnostics.
 * @example ctx.sync = createSyncService(ctx);
 */
export function createSyncService(ctx: AppContext): SyncService {
  const counter = new SheetsCallCounter(() => ctx.clock.now());
  ctx.spreadsheets = counter.wrap(ctx.spreadsheets);
  ctx.diagnostics.set("sheets", () => counter.report());
  const publisher = new Publisher(ctx);
  ctx.diagnostics.set("repository", () => ({ delayedCommits: publisher.delays() }));
  const flight = new TrailingFlight<string, Ask, Run>();
  const published = new WeakMap<FacilityRead, Promise<Publication>>();
  const hooked = new WeakMap<FacilityRead, Promise<void>>();

  /** Reads one facility, single-flight with one trailing run; the trailing run takes the newest caller's method. */
  const read = (dayKey: string, facility: Facility, ask: Ask) =>
    flight.run(`${dayKey}\u0000${facility.name}`, ask, async (asks): Promise<Run> => {
      const ref = await ctx.registry.findFacility(dayKey, facility.name);
      const method = (asks[asks.length - 1] as Ask).method;
      const edits = asks.map((a) => a.editedAt).filter((t): t is number => t !== undefined);
      const current = ref.facility.sheetId ? ref.facility : facility;
      const { read, tabs } = await readFacility(
        { spreadsheets: ctx.spreadsheets, clock: ctx.clock },
        ref.loaded.registry,
        ref,
        current,
        method,
      );
      return { read, tabs, method, editedAt: edits.length > 0 ? Math.max(...edits) : undefined };
    });

  const hooksFor = (ref: DayRef, facility: Facility, run: Run) => {
    let done = hooked.get(run.read);
    if (!done) {
      done = run.read.ok ? runAfterFacilitySync(ctx, ref, facility, run.tabs) : Promise.resolve();
      hooked.set(run.read, done);
    }
    return done;
  };

  const report = async (
    started: number,
    ref: DayRef,
    facility: string | null,
    method: SyncMethod,
    edit: { accepted?: number; ignored?: string },
    outcomes: FacilityOutcome[],
    publication: Publication,
    hooks: Promise<unknown>,
  ): Promise<SyncReport> => {
    const [archive] = await Promise.all([publication.archive, hooks]);
    const body: SyncReport = {
      event: ref.eventKey,
      day: ref.dayKey,
      label: ref.day.label,
      facility,
      method,
      editedAt: iso(edit.accepted),
      ...(edit.ignored ? { editedAtIgnored: edit.ignored } : {}),
      facilities: outcomes,
      live: publication.live,
      ...(publication.repositoryOnly ? { repositoryOnly: publication.repositoryOnly } : {}),
      archive,
      durationMs: Math.round(performance.now() - started),
      snapshot: publication.snapshot,
    };
    return body;
  };

  return {
    async syncFacility(dayKey, facilityName, options = {}) {
      const started = performance.now();
      const ref = await ctx.registry.findFacility(dayKey, facilityName);
      const method = options.method ?? "sheets";
      const edit = acceptEditedAt(options.editedAt, ctx.clock.now());
      const fromRepository = publisher.prefetch(ref);
      if (!ref.facility.sheetId) {
        const publication = await publisher.publish(ref, [], edit.accepted, fromRepository);
        const skipped: FacilityOutcome = {
          name: facilityName,
          status: "skipped",
          error: "no sheetId",
          fetchedAt: null,
          matches: 0,
        };
        return report(started, ref, facilityName, method, edit, [skipped], publication, Promise.resolve());
      }
      const run = await read(dayKey, ref.facility, { method, editedAt: edit.accepted });
      if (!run.read.ok) throw failure([run.read]);
      let publication = published.get(run.read);
      if (!publication) {
        publication = publisher.publish(ref, [run.read], run.editedAt, fromRepository);
        published.set(run.read, publication);
      }
      const hooks = hooksFor(ref, ref.facility, run);
      return report(
        started,
        ref,
        facilityName,
        run.method,
        edit,
        [outcomeOf(run.read)],
        await publication,
        hooks,
      );
    },

    async syncDay(dayKey, options = {}) {
      const started = performance.now();
      const ref = await ctx.registry.findDay(dayKey);
      const method = options.method ?? "sheets";
      const fromRepository = publisher.prefetch(ref);
      const synced = ref.day.facilities.filter((f) => f.sheetId);
      const runs = await Promise.all(synced.map((f) => read(dayKey, f, { method })));
      const reads = runs.map((r) => r.read);
      if (reads.length > 0 && reads.every((r) => !r.ok)) throw failure(reads);
      const publication = await publisher.publish(ref, reads, undefined, fromRepository);
      const hooks = Promise.all(synced.map((f, i) => hooksFor(ref, f, runs[i] as Run)));
      const byName = new Map(reads.map((r) => [r.name, outcomeOf(r)]));
      const outcomes = ref.day.facilities.map(
        (f): FacilityOutcome =>
          byName.get(f.name) ?? {
            name: f.name,
            status: "skipped",
            error: "no sheetId",
            fetchedAt: null,
            matches: 0,
          },
      );
      return report(started, ref, null, method, {}, outcomes, publication, hooks);
    },

    async republishDay(dayKey) {
      const ref = await ctx.registry.findDay(dayKey);
      const last = await publisher.lastSnapshot(ref);
      if (!last) return { republished: false };
      const publication = await publisher.publish(ref, [], undefined, Promise.resolve(last));
      const archive = await publication.archive;
      const live = publication.attempted ? { live: publication.live } : {};
      return { republished: true, ...live, archive: { path: snapshotPath(ref), revision: archive.revision } };
    },

    sheetsCallsPerMinute() {
      const { apiCallsLastMinute, readsPerMinuteQuota } = counter.report();
      return { lastMinute: apiCallsLastMinute, budget: readsPerMinuteQuota };
    },
  };
}

import type { Rows } from "../../ports/spreadsheet.ts";
import type { DayRef, Facility } from "../../registry/types.ts";
import { acceptEditedAt } from "./edited-at.ts";
import { runAfterFacilitySync } from "./hooks.ts";
import { type Publication, Publisher, snapshotPath } from "./publisher.ts";
import { readFacility } from "./read-facility.ts";
import { outcomeOf, readFailure, skippedOutcome, syncReport } from "./report.ts";
import { TrailingFlight } from "./single-flight.ts";
import type { FacilityRead } from "./snapshot.ts";
import type { SyncDeps, SyncMethod, SyncService } from "./types.ts";

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

/**
 * Makes the sync service of one app instance (see `SyncService`).
 * @example const sync = createSyncService({ registry, spreadsheets, repository, clock, logger, archiveMinIntervalMs, afterFacilitySync });
 */
export function createSyncService(deps: SyncDeps): SyncService {
  const publisher = new Publisher(deps);
  const flight = new TrailingFlight<string, Ask, Run>();
  const published = new WeakMap<FacilityRead, Promise<Publication>>();
  const hooked = new WeakMap<FacilityRead, Promise<void>>();

  /** Reads one facility, single-flight with one trailing run; the trailing run takes the newest caller's method. */
  const read = (dayKey: string, facility: Facility, ask: Ask) =>
    flight.run(`${dayKey}\u0000${facility.name}`, ask, async (asks): Promise<Run> => {
      const ref = await deps.registry.findFacility(dayKey, facility.name);
      const method = (asks[asks.length - 1] as Ask).method;
      const edits = asks.map((a) => a.editedAt).filter((t): t is number => t !== undefined);
      const current = ref.facility.sheetId ? ref.facility : facility;
      const { read: result, tabs } = await readFacility(deps, ref.loaded.registry, ref, current, method);
      return { read: result, tabs, method, editedAt: edits.length > 0 ? Math.max(...edits) : undefined };
    });

  /** The hooks of one successful read, run once however many callers it served. */
  const hooksFor = (ref: DayRef, facility: Facility, run: Run) => {
    let done = hooked.get(run.read);
    if (!done) {
      done = run.read.ok
        ? runAfterFacilitySync(deps.afterFacilitySync, deps.logger, { ...ref, facility, tabs: run.tabs })
        : Promise.resolve();
      hooked.set(run.read, done);
    }
    return done;
  };

  return {
    async syncFacility(dayKey, facilityName, options = {}) {
      const started = performance.now();
      const ref = await deps.registry.findFacility(dayKey, facilityName);
      const method = options.method ?? "sheets";
      const edit = acceptEditedAt(options.editedAt, deps.clock.now());
      const fromRepository = publisher.prefetch(ref);
      const common = { started, ref, facility: facilityName, edit };
      if (!ref.facility.sheetId) {
        const publication = await publisher.publish(ref, [], edit.accepted, fromRepository);
        const outcomes = [skippedOutcome(facilityName)];
        return syncReport({ ...common, method, outcomes, publication, hooks: Promise.resolve() });
      }
      const run = await read(dayKey, ref.facility, { method, editedAt: edit.accepted });
      if (!run.read.ok) throw readFailure([run.read]);
      let publication = published.get(run.read);
      if (!publication) {
        publication = publisher.publish(ref, [run.read], run.editedAt, fromRepository, {
          awaitSpacing: options.awaitArchiveSpacing,
        });
        published.set(run.read, publication);
      }
      return syncReport({
        ...common,
        method: run.method,
        outcomes: [outcomeOf(run.read)],
        publication: await publication,
        hooks: hooksFor(ref, ref.facility, run),
      });
    },

    async syncDay(dayKey, options = {}) {
      const started = performance.now();
      const ref = await deps.registry.findDay(dayKey);
      const method = options.method ?? "sheets";
      const fromRepository = publisher.prefetch(ref);
      const synced = ref.day.facilities.filter((f) => f.sheetId);
      const runs = await Promise.all(synced.map((f) => read(dayKey, f, { method })));
      const reads = runs.map((r) => r.read);
      if (reads.length > 0 && reads.every((r) => !r.ok)) throw readFailure(reads);
      const publication = await publisher.publish(ref, reads, undefined, fromRepository);
      const hooks = Promise.all(synced.map((f, i) => hooksFor(ref, f, runs[i] as Run)));
      const byName = new Map(reads.map((r) => [r.name, outcomeOf(r)]));
      const outcomes = ref.day.facilities.map((f) => byName.get(f.name) ?? skippedOutcome(f.name));
      return syncReport({ started, ref, facility: null, method, edit: {}, outcomes, publication, hooks });
    },

    async republishDay(dayKey) {
      const ref = await deps.registry.findDay(dayKey);
      const last = await publisher.lastSnapshot(ref);
      if (!last) return { republished: false };
      const publication = await publisher.publish(ref, [], undefined, Promise.resolve(last));
      const archive = await publication.archive;
      const live = publication.attempted ? { live: publication.live } : {};
      return { republished: true, ...live, archive: { path: snapshotPath(ref), revision: archive.revision } };
    },

    delayedCommits: () => publisher.delays(),

    close: () => publisher.close(),
  };
}

import type { FastifyBaseLogger } from "fastify";
import { budgetedRepository, WriteBudget } from "./adapters/budgeted-repository/index.ts";
import { createDeviceProofs } from "./auth/device-proofs.ts";
import { createAuthenticator } from "./auth/guard.ts";
import { createSessions } from "./auth/sessions.ts";
import { SignedOutSessions } from "./auth/signed-out-sessions.ts";
import { createTokenSigner } from "./auth/tokens.ts";
import type { Config } from "./config/environment.ts";
import { stackOf } from "./config/stack.ts";
import { createAttendance } from "./features/attendance/index.ts";
import { createCourts } from "./features/courts/index.ts";
import { syncDiagnostics } from "./features/diagnostics/routes.ts";
import { LinkBook } from "./features/links/index.ts";
import { createDayNotices } from "./features/notices/index.ts";
import { createScoreLock, createScores, facilityPublisher } from "./features/scores/index.ts";
import { createScoresheetRenderer } from "./features/scoresheets/index.ts";
import { createDayAnnouncer } from "./features/sync/day-announcer.ts";
import { createSyncService, createVisibility, type FacilityHook, TriggerLog } from "./features/sync/index.ts";
import { SheetsCallCounter } from "./features/sync/sheets-budget.ts";
import type { AccessProbe } from "./ports/access-probe.ts";
import type { DataRepository } from "./ports/data-repository.ts";
import type { LiveRelay } from "./ports/live-relay.ts";
import type { Spreadsheets } from "./ports/spreadsheet.ts";
import { createPreflight } from "./preflight/index.ts";
import { RegistryStore } from "./registry/store.ts";
import type { Clock } from "./shared/clock.ts";

/** The adapters chosen once at startup (see `adapters/index.ts`). */
export interface Adapters {
  spreadsheets: Spreadsheets;
  repository: DataRepository;
  /** Present only when `LIVE_PUSH_URL` and `LIVE_PUSH_SECRET` are set. */
  liveRelay?: LiveRelay;
  /** What the preflight asks of the same backends. */
  accessProbe: AccessProbe;
}

/**
 * Every service of one app instance, fully made: routes receive the ones they use. Features never
 * read `process.env` and never choose an adapter. `afterFacilitySync` holds the hooks the sync runs
 * after each facility sync (the attendance hook, the courts' `CALLS` tab).
 * @example const services = createServices(config, { spreadsheets, repository }, { clock, logger });
 */
export function createServices(
  config: Config,
  adapters: Adapters,
  options: { clock: Clock; logger: FastifyBaseLogger },
) {
  const { clock, logger } = options;
  const { liveRelay } = adapters;
  // Every commit of every feature goes through the one write budget that the diagnostics report
  // (GitHub's limits; the local data folder has none and writes at once).
  const writeBudget = config.writeBudget && new WriteBudget(config.writeBudget);
  const repository = writeBudget
    ? budgetedRepository(adapters.repository, writeBudget, clock)
    : adapters.repository;
  // Every feature's Sheets calls go through the one counter that the diagnostics report.
  const sheetsCalls = new SheetsCallCounter(() => clock.now());
  const spreadsheets = sheetsCalls.wrap(adapters.spreadsheets);
  const announcer = createDayAnnouncer({ liveRelay, clock, logger });
  const triggers = new TriggerLog(clock);
  const registry = new RegistryStore({
    repository,
    ttlMs: config.registryTtlMs,
    clock,
    logger,
    onLoad: (loaded) => announcer.registryLoaded(loaded.registry),
  });
  const signer = createTokenSigner(config.auth.tokenSecret, config.auth.passwordHash);
  const notices = createDayNotices({ registry, liveRelay });
  const links = new LinkBook({ repository, registry, clock, ttlMs: config.registryTtlMs, logger });
  const signedOut = new SignedOutSessions({ repository, clock, ttlMs: config.registryTtlMs, logger });
  const attendance = createAttendance({ spreadsheets, registry, clock, logger, liveRelay, signer });
  const afterFacilitySync: FacilityHook[] = [attendance.afterFacilitySync];
  const sync = createSyncService({
    registry,
    spreadsheets,
    repository,
    liveRelay,
    clock,
    logger,
    archiveMinIntervalMs: config.archiveMinIntervalMs,
    afterFacilitySync,
  });
  // Score saves and calls hold the same lock per workbook, across instances through the relay's lease.
  const lock = createScoreLock({
    relay: liveRelay,
    clock,
    logger,
    sheetsCallMs: config.sheets.fetchTimeoutMs,
  });
  const courts = createCourts({
    registry,
    spreadsheets,
    clock,
    logger,
    liveRelay,
    lock,
    publishFacility: facilityPublisher(sync),
  });
  afterFacilitySync.push(courts.afterFacilitySync);
  const scoresheets = createScoresheetRenderer({
    concurrency: config.scoresheetConcurrency,
    pagesUrl: config.pagesUrl,
  });
  return {
    clock,
    spreadsheets,
    registry,
    signer,
    authenticate: createAuthenticator({
      signer,
      syncSecret: config.auth.syncSharedSecret,
      clock,
      admitLink: (link) => links.admit(link),
      admitOperator: (operator) => signedOut.admit(operator),
    }),
    signedOut,
    sessions: createSessions({
      passwordHash: config.auth.passwordHash,
      tokenTtlMs: config.auth.tokenTtlMs,
      signer,
      deviceProofs: createDeviceProofs(config.auth.tokenSecret),
      clock,
    }),
    diagnostics: syncDiagnostics({
      registry,
      liveRelay,
      pushUrl: config.live.pushUrl,
      pagesUrl: config.pagesUrl,
      stack: stackOf(config),
      extra: {
        sheets: () => sheetsCalls.report(),
        repository: () => ({
          delayedCommits: sync.delayedCommits(),
          ...(writeBudget ? { writeBudget: writeBudget.report(clock.now()) } : {}),
        }),
      },
    }),
    preflight: createPreflight({
      config,
      repository,
      spreadsheets,
      probe: adapters.accessProbe,
      triggers,
      clock,
    }),
    triggers,
    afterFacilitySync,
    sync,
    visibility: createVisibility({ registry, repository, liveRelay, sync }),
    attendance,
    scores: createScores({
      registry,
      repository,
      spreadsheets,
      clock,
      logger,
      signer,
      sync,
      lock,
      companion: courts.saveCompanion,
      notices,
    }),
    notices,
    courts,
    scoresheets,
    links,
    announcer,
    /** Writes what waits for a timer or a turn, and stops the render workers (app close). */
    async close() {
      writeBudget?.close();
      await Promise.all([sync.close(), scoresheets.close(), links.close(), announcer.settled()]);
    },
  };
}

export type Services = ReturnType<typeof createServices>;

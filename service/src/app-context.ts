import type { FastifyBaseLogger } from "fastify";
import type { Authenticate } from "./auth/guard.ts";
import type { SignInThrottle } from "./auth/sign-in-throttle.ts";
import type { TokenSigner } from "./auth/tokens.ts";
import type { Config } from "./config/environment.ts";
import type { SyncService } from "./features/sync/types.ts";
import type { DataRepository } from "./ports/data-repository.ts";
import type { LiveRelay } from "./ports/live-relay.ts";
import type { Rows, Spreadsheets } from "./ports/spreadsheet.ts";
import type { RegistryStore } from "./registry/store.ts";
import type { DayRef, Facility } from "./registry/types.ts";
import type { Clock } from "./shared/clock.ts";

/** What a facility sync tells the hooks that run after it. */
export interface FacilitySynced extends DayRef {
  facility: Facility;
  /** The facility's tabs as this sync read them (displayed values), so a hook reads none of them again. */
  tabs: ReadonlyMap<string, Rows | undefined>;
}

/**
 * What features are given: the typed configuration, the adapters chosen once at startup, and the
 * shared services. Features never read `process.env` and never choose an adapter.
 */
export interface AppContext {
  config: Config;
  clock: Clock;
  logger: FastifyBaseLogger;
  spreadsheets: Spreadsheets;
  repository: DataRepository;
  /** Present only when `LIVE_PUSH_URL` and `LIVE_PUSH_SECRET` are set. */
  liveRelay?: LiveRelay;
  registry: RegistryStore;
  signer?: TokenSigner;
  authenticate: Authenticate;
  signInThrottle: SignInThrottle;
  /**
   * Called after each facility sync (the attendance hook registers here). The sync bounds each
   * hook's time and swallows its failures; a hook never delays a sync response past its bound.
   */
  afterFacilitySync: Array<(sync: FacilitySynced) => Promise<void>>;
  /** Members added to the sync diagnostics report by features (for example Sheets call counts). */
  diagnostics: Map<string, () => unknown>;
  /**
   * The sync feature's service (facility and day syncs, republishing), one per instance, so that
   * other features (score entry) publish through the same queues. Set by `buildApp`.
   */
  sync?: SyncService;
  /** Work to do when the app closes (worker pools, timers). */
  onClose: Array<() => Promise<void> | void>;
}

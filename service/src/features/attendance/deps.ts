import type { FastifyBaseLogger } from "fastify";
import type { Spreadsheets } from "../../ports/spreadsheet.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { Clock } from "../../shared/clock.ts";
import type { FacilityTarget } from "./access.ts";
import type { PeopleCache } from "./people-cache.ts";

/** What the attendance feature's parts work with: one set per app instance (its caches are per instance). */
export interface AttendanceDeps {
  spreadsheets: Spreadsheets;
  registry: RegistryStore;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, "warn" | "info">;
  people: PeopleCache;
  /** After a changing write: drops the list cache entry, then sends one awaited nudge. */
  changed(target: FacilityTarget): Promise<void>;
}

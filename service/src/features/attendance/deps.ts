import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../app-context.ts";
import type { Spreadsheets } from "../../ports/spreadsheet.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { Clock } from "../../shared/clock.ts";
import type { FacilityTarget } from "./access.ts";
import { PeopleCache } from "./people-cache.ts";

/** What the attendance feature works with: one set per app instance (its caches are per instance). */
export interface AttendanceDeps {
  spreadsheets: Spreadsheets;
  registry: RegistryStore;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, "warn" | "info">;
  people: PeopleCache;
  /** After a changing write: drops the list cache entry, then sends one awaited nudge. */
  changed(target: FacilityTarget): Promise<void>;
}

/** Builds the feature's dependencies from the app context. */
export function attendanceDeps(ctx: AppContext): AttendanceDeps {
  const people = new PeopleCache({ spreadsheets: ctx.spreadsheets, clock: ctx.clock });
  return {
    spreadsheets: ctx.spreadsheets,
    registry: ctx.registry,
    clock: ctx.clock,
    logger: ctx.logger,
    people,
    async changed(target) {
      if (target.facility.sheetId) people.drop(target.facility.sheetId);
      await ctx.liveRelay?.nudge(target.eventKey, target.dayKey, target.facility.name);
    },
  };
}

import type { RouteDefinition } from "../../http/route.ts";
import { type CallsDeps, createCalls } from "./calls.ts";
import { callsTabHook } from "./calls-tab-hook.ts";
import { createLive, type LiveDeps } from "./live.ts";
import { courtsRoutes } from "./routes.ts";

/**
 * Running the courts: calls of matches to courts, kept in each facility workbook's `CALLS` tab
 * under the score saves' lock, and live points, handed to the relay. `saveCompanion` is the score
 * save's: a final score ends the match's call and drops its live state; `afterFacilitySync` makes a
 * facility's `CALLS` tab when its sync found none.
 * @example const courts = createCourts({ registry, spreadsheets, clock, logger, liveRelay, lock, publishFacility });
 */
export function createCourts(deps: Omit<CallsDeps, "callChanged"> & Omit<LiveDeps, "calls">) {
  const changed: CallsDeps["callChanged"] = (match) => live.callChanged(match);
  const calls = createCalls({ ...deps, callChanged: changed });
  const live = createLive({ ...deps, calls });
  return { calls, live, saveCompanion: calls.saveCompanion, afterFacilitySync: callsTabHook(deps) };
}

export type Courts = ReturnType<typeof createCourts>;

/** The feature's routes (`/v3` only). */
export function courtRoutes(courts: Courts): RouteDefinition[] {
  return courtsRoutes(courts.calls, courts.live);
}

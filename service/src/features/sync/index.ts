/**
 * Live-data sync: facility and day syncs, go-live visibility and the live-push switch.
 * The service is one per app instance and lives on the context as `ctx.sync`, so other features
 * (score entry) publish a facility through the same single-flight and group-commit queues.
 * @example const report = await ctx.sync!.syncFacility("day-1", "Court A", { editedAt: Date.now() });
 */

export { syncRoutes } from "./routes.ts";
export { createSyncService } from "./service.ts";
export type {
  DaySnapshot,
  FacilitySnapshot,
  SyncFacilityOptions,
  SyncMethod,
  SyncReport,
  SyncService,
  VisibilityReport,
} from "./types.ts";

/**
 * Live-data sync: facility and day syncs, go-live visibility and the live-push switch.
 * The service is one per app instance, shared with score entry, so a saved score is published
 * through the same single-flight and group-commit queues.
 * @example const report = await sync.syncFacility("day-1", "Court A", { editedAt: Date.now() });
 */

export { syncRoutes } from "./routes.ts";
export { createSyncService } from "./service.ts";
export { type TriggerCall, TriggerLog, type TriggerRecord } from "./trigger-log.ts";
export type {
  DaySnapshot,
  FacilityHook,
  FacilitySnapshot,
  FacilitySynced,
  SyncFacilityOptions,
  SyncMethod,
  SyncReport,
  SyncService,
  VisibilityReport,
} from "./types.ts";
export { createVisibility, type Visibility } from "./visibility.ts";
export { visibilityRoutes } from "./visibility-routes.ts";

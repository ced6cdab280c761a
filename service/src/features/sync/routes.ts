import type { AppContext } from "../../app-context.ts";
import { segment } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams, FacilityParams } from "../../http/schemas.ts";
import type { ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../../shared/errors.ts";
import { parseEditedAt } from "./edited-at.ts";
import { FrozenSyncQuery, SyncBody, SyncReportSchema } from "./schemas.ts";
import { createSyncService } from "./service.ts";
import type { SyncMethod, SyncService } from "./types.ts";
import { visibilityRoutes } from "./visibility-routes.ts";

const SYNC_ERRORS: ErrorCode[] = [
  "validation_error",
  "unknown_day",
  "unknown_facility",
  "conflict",
  "upstream_failure",
  "service_busy",
  "config_unavailable",
];

const noEditedAt = () =>
  new AppError("validation_error", "a day-level sync takes no editedAt; sync the edited facility instead");

/**
 * The sync routes (`/v3` and the frozen `POST /sync/:day`), then visibility and the live-push switch.
 * @example FEATURE_ROUTES.push(syncRoutes);
 */
export function syncRoutes(ctx: AppContext): RouteDefinition[] {
  ctx.sync ??= createSyncService(ctx);
  const sync: SyncService = ctx.sync;
  const common = {
    method: "POST",
    auth: ["secret", "operator"],
    tags: ["sync"],
    errors: SYNC_ERRORS,
    response: { 200: SyncReportSchema },
  } as const;
  return [
    defineRoute({
      ...common,
      url: "/v3/days/:day/syncs",
      summary: "Sync every facility of the day",
      params: DayParams,
      body: SyncBody,
      handler: async (request) => {
        if (request.body.editedAt !== undefined) throw noEditedAt();
        return sync.syncDay(request.params.day, { method: request.body.method });
      },
    }),
    defineRoute({
      ...common,
      url: "/v3/days/:day/facilities/:facility/syncs",
      summary: "Sync one facility",
      params: FacilityParams,
      body: SyncBody,
      handler: async (request) => {
        const { editedAt, method } = request.body;
        return sync.syncFacility(request.params.day, request.params.facility, {
          method,
          editedAt: editedAt === undefined ? undefined : parseEditedAt(editedAt),
        });
      },
    }),
    defineRoute({
      ...common,
      url: "/sync/:day",
      summary: "Sync a day, or one facility with ?facility= (frozen)",
      params: DayParams,
      querystring: FrozenSyncQuery,
      frozen: {
        successor: (request) => {
          const { day } = request.params as { day: string };
          const { facility } = (request.query ?? {}) as { facility?: string };
          return facility === undefined
            ? `/v3/days/${segment(day)}/syncs`
            : `/v3/days/${segment(day)}/facilities/${segment(facility)}/syncs`;
        },
      },
      handler: async (request) => {
        const method: SyncMethod = request.query.method === "csv" ? "csv" : "sheets";
        const header = request.headers["x-edit-at"];
        const editAt = Array.isArray(header) ? header[0] : header;
        const edited =
          editAt === undefined || editAt.trim() === ""
            ? undefined
            : parseEditedAt(editAt, { allowEpochMs: true });
        const { facility } = request.query;
        if (facility === undefined) {
          if (edited !== undefined) throw noEditedAt();
          return sync.syncDay(request.params.day, { method });
        }
        return sync.syncFacility(request.params.day, facility, { method, editedAt: edited });
      },
    }),
    ...visibilityRoutes(ctx),
  ];
}

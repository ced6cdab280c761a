import type { FastifyReply, FastifyRequest } from "fastify";
import { frozenTwin, segment } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams, FacilityParams } from "../../http/schemas.ts";
import { AppError, type ErrorCode } from "../../shared/errors.ts";
import { parseEditedAt } from "./edited-at.ts";
import { FrozenSyncQuery, SyncBody, SyncReportSchema } from "./schemas.ts";
import type { TriggerLog } from "./trigger-log.ts";
import type { SyncMethod, SyncService } from "./types.ts";

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

/** The legacy `X-Edit-At` header: ISO 8601 or epoch ms; blank counts as absent. */
function headerEditedAt(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value === undefined || value.trim() === ""
    ? undefined
    : parseEditedAt(value, { allowEpochMs: true });
}

/** Notes an edit trigger's call, and warns of one refused: a trigger whose properties are wrong fails every edit. */
function noteTrigger(triggers: TriggerLog, request: FastifyRequest, reply: FastifyReply): void {
  if (request.headers["x-sync-secret"] === undefined) return;
  const { day = "", facility = "" } = request.params as { day?: string; facility?: string };
  const header = request.headers["x-workbook-id"];
  const call = {
    day,
    facility,
    workbookId: typeof header === "string" ? header : undefined,
    status: reply.statusCode,
    code: reply.failure?.code,
  };
  triggers.record(call);
  if (call.status >= 400 && call.status < 500) request.log.warn(call, "edit trigger refused");
}

/**
 * The sync routes: a day, one facility, and the frozen `POST /sync/:day` that is either (input in
 * the query and a header, `?method=` anything but `csv` read as `sheets`).
 * A facility sync sent with `X-Sync-Secret` is a workbook's edit trigger: each is noted in
 * `triggers` for the preflight, and one refused is logged as a warning (its properties are wrong).
 * @example const routes = syncRoutes(services.sync, services.triggers);
 */
export function syncRoutes(sync: SyncService, triggers: TriggerLog): RouteDefinition[] {
  const common = {
    method: "POST",
    auth: ["secret", "operator"],
    tags: ["sync"],
    errors: SYNC_ERRORS,
    response: { 200: SyncReportSchema },
  } as const;
  const syncDay = defineRoute({
    ...common,
    url: "/v3/days/:day/syncs",
    operationId: "syncDay",
    summary: "Sync every facility of the day",
    params: DayParams,
    body: SyncBody,
    handler: async (request) => {
      if (request.body.editedAt !== undefined) throw noEditedAt();
      return sync.syncDay(request.params.day, { method: request.body.method });
    },
  });
  const syncFacility = defineRoute({
    ...common,
    url: "/v3/days/:day/facilities/:facility/syncs",
    operationId: "syncFacility",
    summary: "Sync one facility",
    params: FacilityParams,
    body: SyncBody,
    onAnswered: (request, reply) => noteTrigger(triggers, request, reply),
    handler: async (request) => {
      const { editedAt, method } = request.body;
      return sync.syncFacility(request.params.day, request.params.facility, {
        method,
        editedAt: editedAt === undefined ? undefined : parseEditedAt(editedAt),
      });
    },
  });
  return [
    syncDay,
    syncFacility,
    frozenTwin(
      syncDay,
      {
        url: "/sync/:day",
        summary: "Sync a day, or one facility with ?facility= (frozen)",
        body: null,
        querystring: FrozenSyncQuery,
      },
      {
        successor: ({ params, query }) =>
          query.facility === undefined
            ? `/v3/days/${segment(params.day)}/syncs`
            : `/v3/days/${segment(params.day)}/facilities/${segment(query.facility)}/syncs`,
        handler: async ({ params, query, headers }) => {
          const method: SyncMethod = query.method === "csv" ? "csv" : "sheets";
          const editedAt = headerEditedAt(headers["x-edit-at"]);
          if (query.facility !== undefined)
            return sync.syncFacility(params.day, query.facility, { method, editedAt });
          if (editedAt !== undefined) throw noEditedAt();
          return sync.syncDay(params.day, { method });
        },
      },
    ),
  ];
}

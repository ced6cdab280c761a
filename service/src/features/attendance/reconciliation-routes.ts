import { segment } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams } from "../../http/schemas.ts";
import type { AttendanceDeps } from "./deps.ts";
import { reconcileDay } from "./reconciliation.ts";
import { ReconciliationBody, ReconciliationQuery, ReconciliationReportSchema } from "./schemas.ts";

const ERRORS = [
  "not_found",
  "unknown_day",
  "unknown_facility",
  "attendance_layout",
  "upstream_failure",
  "service_busy",
  "config_unavailable",
] as const;

/** The manual roster reconciliation (operator only) and its frozen `/v1` twin (`?facility=`). */
export function reconciliationRoutes(deps: AttendanceDeps): RouteDefinition[] {
  const common = {
    method: "POST",
    tags: ["attendance"],
    auth: ["operator"],
    params: DayParams,
    response: { 200: ReconciliationReportSchema },
    errors: ERRORS,
  } as const;
  return [
    defineRoute({
      ...common,
      url: "/v3/days/:day/attendance/reconciliations",
      summary: "Update the ATTENDANCE tab of one facility, or of every facility, to its roster",
      body: ReconciliationBody,
      handler: async (request) => reconcileDay(deps, request.params.day, request.body.facility),
    }),
    defineRoute({
      ...common,
      url: "/v1/days/:day/attendance/reconciliations",
      summary: "Update the ATTENDANCE roster (frozen)",
      querystring: ReconciliationQuery,
      frozen: { successor: ({ params }) => `/v3/days/${segment(params.day)}/attendance/reconciliations` },
      handler: async (request) => reconcileDay(deps, request.params.day, request.query.facility),
    }),
  ];
}

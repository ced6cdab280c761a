import { frozenTwin } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams } from "../../http/schemas.ts";
import {
  ATTENDANCE_ERRORS,
  ReconciliationBody,
  ReconciliationQuery,
  ReconciliationReportSchema,
} from "./schemas.ts";
import type { Attendance } from "./service.ts";

/** The manual roster reconciliation (operator only) and its frozen `/v1` twin (`?facility=`). */
export function reconciliationRoutes(attendance: Attendance): RouteDefinition[] {
  const v3 = defineRoute({
    method: "POST",
    url: "/v3/days/:day/attendance/reconciliations",
    operationId: "reconcileAttendance",
    summary: "Update the ATTENDANCE tab of one facility, or of every facility, to its roster",
    tags: ["attendance"],
    auth: ["operator"],
    params: DayParams,
    body: ReconciliationBody,
    response: { 200: ReconciliationReportSchema },
    errors: ATTENDANCE_ERRORS,
    handler: async (request) => attendance.reconcile(request.params.day, request.body.facility),
  });
  return [
    v3,
    frozenTwin(
      v3,
      {
        url: "/v1/days/:day/attendance/reconciliations",
        summary: "Update the ATTENDANCE roster (frozen)",
        body: null,
        querystring: ReconciliationQuery,
      },
      { handler: async (request) => attendance.reconcile(request.params.day, request.query.facility) },
    ),
  ];
}

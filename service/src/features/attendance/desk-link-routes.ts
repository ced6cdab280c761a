import type { RecordLink } from "../../auth/day-links.ts";
import type { RouteDefinition } from "../../http/route.ts";
import { dayLinkRoutes } from "../links/issue-routes.ts";
import { DeskLinkBody } from "./schemas.ts";
import type { Attendance } from "./service.ts";

/** Desk-link issuing (operator only) and its frozen `/v1` twin, which ignores any body. */
export function deskLinkRoutes(attendance: Attendance, record: RecordLink): RouteDefinition[] {
  return dayLinkRoutes(
    {
      url: "/v3/days/:day/attendance/desk-links",
      kind: "desk",
      operationId: "issueDeskLink",
      summary: "Issue a desk link (a desk token valid to the end of the day in Asia/Manila)",
      tags: ["attendance"],
      body: DeskLinkBody,
      errors: ["not_found", "forbidden", "unknown_day", "config_unavailable"],
      issue: attendance.issueDeskLink,
    },
    {
      url: "/v1/days/:day/attendance/desk-links",
      summary: "Issue an unlabelled desk link (frozen)",
    },
    record,
  );
}

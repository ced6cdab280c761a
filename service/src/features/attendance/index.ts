import type { RecordLink } from "../../auth/day-links.ts";
import type { RouteDefinition } from "../../http/route.ts";
import { deskLinkRoutes } from "./desk-link-routes.ts";
import { peopleRoutes } from "./people-routes.ts";
import { reconciliationRoutes } from "./reconciliation-routes.ts";
import type { Attendance } from "./service.ts";

export { personKey } from "./person-key.ts";
export { type Attendance, createAttendance } from "./service.ts";

/**
 * The event attendance feature's routes: the people list, marks, desk links and reconciliations,
 * each `/v3` route beside its frozen twin.
 * @example const routes = attendanceRoutes(services.attendance, recordLink);
 */
export function attendanceRoutes(attendance: Attendance, recordLink: RecordLink): RouteDefinition[] {
  return [
    ...peopleRoutes(attendance),
    ...deskLinkRoutes(attendance, recordLink),
    ...reconciliationRoutes(attendance),
  ];
}

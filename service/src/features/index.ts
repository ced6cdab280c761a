import type { AppContext } from "../app-context.ts";
import type { RouteDefinition } from "../http/route.ts";
import { attendanceRoutes } from "./attendance/index.ts";
import { linkRoutes } from "./links/index.ts";
import { scoresRoutes } from "./scores/index.ts";
import { scoresheetRoutes } from "./scoresheets/index.ts";
import { syncRoutes } from "./sync/index.ts";

/** The product features' routes, each feature a folder holding its `/v3` routes and frozen twins. */
export const FEATURE_ROUTES: Array<(ctx: AppContext) => RouteDefinition[]> = [
  scoresheetRoutes,
  syncRoutes,
  scoresRoutes,
  attendanceRoutes,
  linkRoutes,
];

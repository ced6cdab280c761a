import type { AppContext } from "../app-context.ts";
import type { RouteDefinition } from "../http/route.ts";

/** The product features' routes, each feature a folder holding its `/v3` routes and frozen twins. */
export const FEATURE_ROUTES: Array<(ctx: AppContext) => RouteDefinition[]> = [];

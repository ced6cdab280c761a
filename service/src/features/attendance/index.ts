import type { AppContext } from "../../app-context.ts";
import type { RouteDefinition } from "../../http/route.ts";
import { attendanceDeps } from "./deps.ts";
import { deskLinkRoutes } from "./desk-link-routes.ts";
import { peopleRoutes } from "./people-routes.ts";
import { reconciliationRoutes } from "./reconciliation-routes.ts";
import { attendanceSyncHook } from "./sync-hook.ts";

export { personKey } from "./person-key.ts";

/**
 * The event attendance feature: the people list, marks, desk links and reconciliations (each
 * `/v3` route beside its frozen twin), and the post-sync hook, registered on the context here.
 * @example FEATURE_ROUTES.push(attendanceRoutes); // buildApp calls it once per app instance
 */
export function attendanceRoutes(ctx: AppContext): RouteDefinition[] {
  const deps = attendanceDeps(ctx);
  ctx.afterFacilitySync.push(attendanceSyncHook(deps));
  return [...peopleRoutes(deps), ...deskLinkRoutes(ctx), ...reconciliationRoutes(deps)];
}

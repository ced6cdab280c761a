import type { AppContext } from "../../app-context.ts";
import type { RouteDefinition } from "../../http/route.ts";
import { AppError } from "../../shared/errors.ts";
import { summarisePublished } from "./published.ts";
import { createScoreEntry } from "./score-entry.ts";
import { scoreEntryModeRoutes } from "./score-entry-mode-routes.ts";
import { createScoreLock } from "./score-lock.ts";
import { scoreRoutes } from "./score-routes.ts";
import { scorerLinkRoutes } from "./scorer-link-routes.ts";

/**
 * The score-entry feature's routes: the score PUT, scorer links and the score-entry mode switch,
 * each `/v3` route with its frozen `/v1` twin. A saved score is published through the sync
 * feature's `syncFacility`, exactly as the facility sync route publishes.
 * @example FEATURE_ROUTES.push(scoresRoutes);
 */
export function scoresRoutes(ctx: AppContext): RouteDefinition[] {
  const scores = createScoreEntry({
    registry: ctx.registry,
    spreadsheets: ctx.spreadsheets,
    clock: ctx.clock,
    logger: ctx.logger,
    lock: createScoreLock({
      relay: ctx.liveRelay,
      clock: ctx.clock,
      logger: ctx.logger,
      sheetsCallMs: ctx.config.sheets.fetchTimeoutMs,
    }),
    async publishFacility(dayKey, facilityName, editedAt) {
      const { sync } = ctx;
      if (!sync) throw new AppError("internal_error", "the sync feature is not wired");
      return summarisePublished(
        await sync.syncFacility(dayKey, facilityName, { method: "sheets", editedAt }),
        facilityName,
      );
    },
  });
  return [...scoreRoutes(scores), ...scorerLinkRoutes(ctx), ...scoreEntryModeRoutes(ctx)];
}

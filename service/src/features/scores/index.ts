import type { LinkLabel, RecordLink } from "../../auth/day-links.ts";
import type { TokenSigner } from "../../auth/tokens.ts";
import type { RouteDefinition } from "../../http/route.ts";
import type { DataRepository } from "../../ports/data-repository.ts";
import type { LiveRelay } from "../../ports/live-relay.ts";
import type { SyncService } from "../sync/index.ts";
import { summarisePublished } from "./published.ts";
import { createScoreEntry, type ScoreEntryDeps } from "./score-entry.ts";
import { scoreEntryModeRoutes } from "./score-entry-mode-routes.ts";
import { createScoreLock } from "./score-lock.ts";
import { scoreRoutes } from "./score-routes.ts";
import { scorerLinkRoutes } from "./scorer-link-routes.ts";
import { issueScorerLink } from "./scorer-links.ts";

/**
 * The score-entry feature: the score PUT, scorer links and the score-entry mode switch. A saved
 * score is published through the sync service's `syncFacility`, exactly as the facility sync
 * route publishes.
 * @example const scores = createScores({ registry, repository, spreadsheets, clock, logger, signer, sync, liveRelay, sheetsCallMs });
 */
export function createScores(
  deps: Omit<ScoreEntryDeps, "publishFacility" | "lock"> & {
    repository: DataRepository;
    signer: TokenSigner;
    sync: SyncService;
    /** Present when a relay is configured: its lease serialises saves across instances. */
    liveRelay?: LiveRelay;
    /** `SHEETS_FETCH_TIMEOUT_MS`, the bound on each Sheets call the score lock covers. */
    sheetsCallMs: number;
  },
) {
  return {
    entry: createScoreEntry({
      ...deps,
      lock: createScoreLock({
        relay: deps.liveRelay,
        clock: deps.clock,
        logger: deps.logger,
        sheetsCallMs: deps.sheetsCallMs,
      }),
      publishFacility: async (dayKey, facilityName, editedAt) =>
        summarisePublished(
          // Pushed live, the umpire is answered at once; the day's file follows at its commit's
          // turn (at most ARCHIVE_MIN_INTERVAL_MS later), never dropped. Not pushed, the answer
          // waits for the file, the pages' only way to the score.
          await deps.sync.syncFacility(dayKey, facilityName, {
            method: "sheets",
            editedAt,
            awaitArchiveSpacing: false,
          }),
          facilityName,
        ),
    }),
    issueScorerLink: (dayKey: string, label: LinkLabel) => issueScorerLink(deps, dayKey, label),
    mode: { repository: deps.repository, registry: deps.registry },
  };
}

export type Scores = ReturnType<typeof createScores>;

/** The feature's routes, each `/v3` route with its frozen `/v1` twin. */
export function scoresRoutes(scores: Scores, recordLink: RecordLink): RouteDefinition[] {
  return [
    ...scoreRoutes(scores.entry),
    ...scorerLinkRoutes(scores.issueScorerLink, recordLink),
    ...scoreEntryModeRoutes(scores.mode),
  ];
}

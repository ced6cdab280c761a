import type { RecordLink } from "../../auth/day-links.ts";
import type { TokenSigner } from "../../auth/tokens.ts";
import type { RouteDefinition } from "../../http/route.ts";
import type { DataRepository } from "../../ports/data-repository.ts";
import type { LinkLabel } from "../../shared/link-rules.ts";
import type { SyncService } from "../sync/index.ts";
import { summarisePublished } from "./published.ts";
import { createScoreEntry, type ScoreEntryDeps } from "./score-entry.ts";
import type { ScoreEntryModeDeps } from "./score-entry-mode.ts";
import { scoreEntryModeRoutes } from "./score-entry-mode-routes.ts";
import { scoreRoutes } from "./score-routes.ts";
import { scorerLinkRoutes } from "./scorer-link-routes.ts";
import { issueScorerLink } from "./scorer-links.ts";

/**
 * The score-entry feature: the score PUT, scorer links and the score-entry mode switch. A saved
 * score is published through the sync service's `syncFacility`, exactly as the facility sync
 * route publishes.
 * Saves hold the workbook's `lock` (`createScoreLock`, shared with every other write to the
 * facility's schedule: the calls), and run the `companion` (the courts feature's) for a final score.
 * @example const scores = createScores({ registry, repository, spreadsheets, clock, logger, signer, sync, lock, companion });
 */
export function createScores(
  deps: Omit<ScoreEntryDeps, "publishFacility"> & {
    repository: DataRepository;
    signer: TokenSigner;
    sync: SyncService;
    notices?: ScoreEntryModeDeps["notices"];
  },
) {
  return {
    entry: createScoreEntry({ ...deps, publishFacility: facilityPublisher(deps.sync) }),
    issueScorerLink: (dayKey: string, label: LinkLabel) => issueScorerLink(deps, dayKey, label),
    mode: {
      repository: deps.repository,
      registry: deps.registry,
      ...(deps.notices ? { notices: deps.notices } : {}),
    },
  };
}

/** Publishes one facility after a write to its workbook, as a saved score is published. */
export function facilityPublisher(sync: SyncService): ScoreEntryDeps["publishFacility"] {
  return async (dayKey, facilityName, editedAt) =>
    summarisePublished(
      // Pushed live, the writer is answered at once; the day's file follows at its commit's turn
      // (at most ARCHIVE_MIN_INTERVAL_MS later), never dropped. Not pushed, the answer waits for
      // the file, the pages' only way to what was written.
      await sync.syncFacility(dayKey, facilityName, {
        method: "sheets",
        editedAt,
        awaitArchiveSpacing: false,
      }),
      facilityName,
    );
}

export type Scores = ReturnType<typeof createScores>;
export { createScoreLock } from "./score-lock.ts";

/** The feature's routes, each `/v3` route with its frozen `/v1` twin. */
export function scoresRoutes(scores: Scores, recordLink: RecordLink): RouteDefinition[] {
  return [
    ...scoreRoutes(scores.entry),
    ...scorerLinkRoutes(scores.issueScorerLink, recordLink),
    ...scoreEntryModeRoutes(scores.mode),
  ];
}

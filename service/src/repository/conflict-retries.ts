import { RevisionConflictError } from "../ports/data-repository.ts";
import { AppError } from "../shared/errors.ts";

/** Three conflicting writes in a row give 409 `conflict` (spec: Errors, Sync rule 5). */
export const CONFLICTS_IN_A_ROW = 3;

/**
 * Runs a compare-and-swap `attempt` (read, change, write only if the revision is still the one
 * read) again after each conflicting write, until it lands; the third conflict in a row is 409
 * `conflict`. `pause` runs between attempts. Every other error passes through.
 * @example await withConflictRetries("config/events.json", () => readChangeWrite());
 */
export async function withConflictRetries<T>(
  path: string,
  attempt: () => Promise<T>,
  pause?: (conflicts: number) => Promise<void>,
): Promise<T> {
  for (let conflicts = 1; ; conflicts++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof RevisionConflictError)) throw error;
      if (conflicts >= CONFLICTS_IN_A_ROW) {
        throw new AppError(
          "conflict",
          `${path} changed ${CONFLICTS_IN_A_ROW} times in a row while it was being written; try again`,
        );
      }
      await pause?.(conflicts);
    }
  }
}

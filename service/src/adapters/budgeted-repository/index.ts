import { type DataRepository, RateLimitedError, type WriteTurn } from "../../ports/data-repository.ts";
import type { Clock } from "../../shared/clock.ts";
import type { WriteBudget } from "./write-budget.ts";

export { type Lane, WriteBudget, type WriteBudgetReport, type WriteLimits } from "./write-budget.ts";

/**
 * The data repository with every write under one budget (`WriteBudget`): a write waits for a turn
 * in the urgent lane, unless its writer took a snapshot turn for that file first (`turn`). A rate
 * limit the host reports, on a read or a write, pauses the whole budget until it ends. Reads pass.
 * @example const repository = budgetedRepository(adapters.repository, new WriteBudget({ perMinute: 80, perHour: 500 }), clock);
 */
export function budgetedRepository(
  repository: DataRepository,
  budget: WriteBudget,
  clock: Clock,
): DataRepository {
  /** Files whose writer holds a granted turn not yet used. */
  const held = new Set<string>();
  const watch = async <T>(call: Promise<T>): Promise<T> => {
    try {
      return await call;
    } catch (error) {
      if (error instanceof RateLimitedError) budget.pause(error.waitMs);
      throw error;
    }
  };
  return {
    read: (path) => watch(repository.read(path)),
    async write(path, content, expectedRevision, message) {
      if (!held.delete(path)) await budget.request(path, "urgent").ready;
      return watch(repository.write(path, content, expectedRevision, message));
    },
    turn(path): WriteTurn {
      if (held.has(path)) return { ready: Promise.resolve() };
      const { ready, waitMs } = budget.request(path, "snapshot");
      if (waitMs === undefined) {
        held.add(path);
        return { ready };
      }
      return { ready: ready.then(() => void held.add(path)), expectedAt: clock.now() + waitMs };
    },
  };
}

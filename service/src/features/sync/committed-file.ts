import type { DataRepository } from "../../ports/data-repository.ts";
import { AppError } from "../../shared/errors.ts";
import { parseSnapshot } from "./snapshot.ts";
import type { DaySnapshot } from "./types.ts";

/** A day file as the repository holds it: its revision (`null` before the first write) and snapshot. */
export interface CommittedFile {
  revision: string | null;
  snapshot?: DaySnapshot;
}

/**
 * Reads the day file at `path`; a failure of the repository is `upstream_failure` in our words.
 * @example const { revision, snapshot } = await readCommitted(repository, "open-2026/data/open-sat.json");
 */
export async function readCommitted(repository: DataRepository, path: string): Promise<CommittedFile> {
  let stored: Awaited<ReturnType<DataRepository["read"]>>;
  try {
    stored = await repository.read(path);
  } catch (error) {
    throw asUpstream(error, "read");
  }
  return { revision: stored?.revision ?? null, snapshot: parseSnapshot(stored?.content) };
}

/**
 * A repository failure as the caller hears it: `upstream_failure`, saying whether the day file
 * could not be read or written, unless it is already ours.
 */
export function asUpstream(error: unknown, failed: "read" | "written"): unknown {
  if (error instanceof AppError) return error;
  return new AppError(
    "upstream_failure",
    `the data repository could not be ${failed}: ${(error as Error)?.message ?? error}`,
  );
}

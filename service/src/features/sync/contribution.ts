import type { DayRef } from "../../registry/types.ts";
import type { FacilityRead } from "./snapshot.ts";
import type { DaySnapshot } from "./types.ts";

/** One sync's part of a commit: its reads, and the snapshot it published (to tell committed from carried). */
export interface Contribution {
  ref: DayRef;
  reads: readonly FacilityRead[];
  editedAt?: number;
  published: DaySnapshot;
}

/**
 * The contributions a write takes in, as one: the last one's day, every read in order (a later
 * read of a facility wins), and the latest edit.
 * @example const { ref, reads, editedAt } = merged(batch);
 */
export function merged(batch: readonly Contribution[]): {
  ref: DayRef;
  reads: FacilityRead[];
  editedAt: number | undefined;
} {
  const last = batch[batch.length - 1] as Contribution;
  const edits = batch.map((c) => c.editedAt).filter((t): t is number => t !== undefined);
  return {
    ref: last.ref,
    reads: batch.flatMap((c) => c.reads),
    editedAt: edits.length > 0 ? Math.max(...edits) : undefined,
  };
}

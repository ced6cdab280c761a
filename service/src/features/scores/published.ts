import { Type } from "@sinclair/typebox";
import { AppError } from "../../shared/errors.ts";
import type { SyncReport } from "../sync/types.ts";

/**
 * What the score PUT says was published: the facility's read status, where the snapshot went in
 * the data repository and whether it reached the relay; or, when the sync after the write failed,
 * its code and message (the score is saved; the next sync of the facility publishes it).
 */
export type Published =
  | {
      facility: "ok" | "stale" | "skipped";
      /** As the sync reports it, without `retryAt`: the released 3.0 shape (a rate limit's wait shows in the sync diagnostics). */
      archive: Omit<SyncReport["archive"], "retryAt">;
      live: SyncReport["live"];
    }
  | { code: string; error: string };

export const PublishedSchema = Type.Union([
  Type.Object({
    facility: Type.Union([Type.Literal("ok"), Type.Literal("stale"), Type.Literal("skipped")]),
    archive: Type.Object({ path: Type.String(), status: Type.String(), revision: Type.String() }),
    live: Type.Object({
      pushed: Type.Boolean(),
      clients: Type.Optional(Type.Integer()),
      error: Type.Optional(Type.String()),
    }),
  }),
  Type.Object({ code: Type.String(), error: Type.String() }),
]);

/**
 * Summarises a facility sync report for the score PUT's `published` member.
 * @example summarisePublished(report, "Hall A") // { facility: "ok", archive: { … }, live: { pushed: true, clients: 2 } }
 */
export function summarisePublished(report: SyncReport, facilityName: string): Published {
  const facility = report.facilities.find((f) => f.name === facilityName);
  const { path, status, revision } = report.archive;
  return { facility: facility?.status ?? "ok", archive: { path, status, revision }, live: report.live };
}

/** The `published` member for a sync that threw after the score was written. */
export function publishFailure(error: unknown): Published {
  if (error instanceof AppError) return { code: error.code, error: error.message };
  return { code: "internal_error", error: "the facility could not be published" };
}

import { AppError } from "../../shared/errors.ts";

/** An `editedAt` older than this is ignored (spec: Limits). */
export const EDITED_AT_MAX_AGE_MS = 60 * 60 * 1000;

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Parses an `editedAt` as sent: an ISO 8601 timestamp with a zone (the body and the header), or
 * epoch milliseconds (the legacy header only, as the workbook trigger may send `Date.now()`).
 * @throws AppError `validation_error` when it does not parse.
 * @example parseEditedAt("2026-11-21T01:58:00Z") // 1795226280000
 */
export function parseEditedAt(text: string, options: { allowEpochMs?: boolean } = {}): number {
  const value = text.trim();
  if (options.allowEpochMs && /^\d{10,16}$/.test(value)) return Number(value);
  const ms = ISO_8601.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new AppError(
      "validation_error",
      `editedAt ${JSON.stringify(text)} is not an ISO 8601 timestamp with a time zone`,
    );
  }
  return ms;
}

/**
 * The age rule: an `editedAt` in the future, or older than one hour, is ignored, with the reason.
 * @example acceptEditedAt(now - 5_000, now) // { accepted: now - 5_000 }
 */
export function acceptEditedAt(
  editedAt: number | undefined,
  now: number,
): { accepted?: number; ignored?: string } {
  if (editedAt === undefined) return {};
  if (editedAt > now) return { ignored: "editedAt is in the future" };
  if (now - editedAt > EDITED_AT_MAX_AGE_MS) return { ignored: "editedAt is older than one hour" };
  return { accepted: editedAt };
}

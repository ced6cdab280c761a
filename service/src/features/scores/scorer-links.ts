import { type DayLink, issueDayLink, type LinkLabel } from "../../auth/day-links.ts";
import type { TokenSigner } from "../../auth/tokens.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { manilaInstant } from "../../shared/manila-time.ts";

/** A scorer token lives 24 hours from issue, not to the end of its day. */
export const SCORER_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Scorer links are issued until 06:00 Asia/Manila on the morning after the day's date. */
const DAY_OVER_HOUR = 6;

/**
 * When a day is over for scorer-link issuance: 06:00 Asia/Manila on the morning after its date.
 * @example dayOverAt("2026-11-21") // 2026-11-22T06:00+08:00 as epoch ms
 */
export function dayOverAt(isoDate: string): number {
  return manilaInstant(isoDate, 24 + DAY_OVER_HOUR);
}

/**
 * Issues a scorer link for a day: 403 `score_entry_off` when the event has no score entry,
 * 403 `forbidden` while it is `console` or once the day is over. A day without a `date` has no
 * day-over time; its links are bounded by their 24 hours alone.
 * @example await issueScorerLink(deps, "open-sat", { issuedTo: "Ana", note: null });
 */
export async function issueScorerLink(
  deps: { registry: RegistryStore; signer: TokenSigner; clock: Clock },
  dayKey: string,
  label: LinkLabel,
): Promise<DayLink> {
  const { event, day } = await deps.registry.findDay(dayKey);
  if (event.scoreEntry === undefined)
    throw new AppError("score_entry_off", "score entry is off for this event");
  if (event.scoreEntry !== "links") {
    throw new AppError(
      "forbidden",
      "scorer links are stopped: this event's scores are entered in the operator console",
    );
  }
  const now = deps.clock.now();
  if (day.date !== undefined && now >= dayOverAt(day.date)) {
    throw new AppError("forbidden", `day "${dayKey}" is over; scorer links are no longer issued for it`);
  }
  return issueDayLink(deps.signer, "scorer", dayKey, now + SCORER_TOKEN_TTL_MS, label);
}

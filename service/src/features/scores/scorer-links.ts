import { type DayLink, issueDayLink } from "../../auth/day-links.ts";
import type { TokenSigner } from "../../auth/tokens.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { dayOverAt, type LinkLabel, SCORER_LINK_TTL_MS } from "../../shared/link-rules.ts";

/**
 * Issues a scorer link for a day: 403 `score_entry_off` when the event has no score entry,
 * 403 `forbidden` while it is `console` or once the day is over (`dayOverAt`, 06:00 the next
 * morning; the lifetime and the day-over time are `shared/link-rules.ts`). A day without a `date` has no
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
  return issueDayLink(deps.signer, "scorer", dayKey, now + SCORER_LINK_TTL_MS, label);
}

import { type DayLink, issueDayLink } from "../../auth/day-links.ts";
import type { TokenSigner } from "../../auth/tokens.ts";
import type { DayRef } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";
import { deskLinkExpiry, type LinkLabel } from "../../shared/link-rules.ts";
import { attendanceOff } from "./access.ts";

/**
 * Issues a desk link for a day: valid to the end of the day's `date` in Asia/Manila. Refused
 * (403 `forbidden`) while the event's attendance is not `desks`, for a day without a `date`, and
 * for a day already over (its link could never be used); 404 `not_found` when attendance is off.
 * @example const link = issueDeskLink(signer, ref, { issuedTo: "Gate 2", note: null }, clock.now());
 */
export function issueDeskLink(signer: TokenSigner, ref: DayRef, label: LinkLabel, now: number): DayLink {
  if (ref.event.attendance === undefined) throw attendanceOff(ref.eventKey);
  if (ref.event.attendance !== "desks") {
    throw new AppError(
      "forbidden",
      `event "${ref.eventKey}" takes attendance at the console; desk links are off`,
    );
  }
  if (!ref.day.date)
    throw new AppError("forbidden", `day "${ref.dayKey}" has no date, which a desk link needs`);
  const exp = deskLinkExpiry(ref.day.date);
  if (now >= exp)
    throw new AppError("forbidden", `day "${ref.dayKey}" is over; its desk link could not be used`);
  return issueDayLink(signer, "desk", ref.dayKey, exp, label);
}

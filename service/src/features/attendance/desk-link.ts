import type { TokenSigner } from "../../auth/tokens.ts";
import type { DayRef } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";
import { endOfManilaDay } from "../../shared/manila-time.ts";

export interface DeskLink {
  token: string;
  expiresAt: number;
  day: string;
  issuedTo: string | null;
  note: string | null;
}

/**
 * Issues a desk link for a day: valid to the end of the day's `date` in Asia/Manila. Refused
 * (403 `forbidden`) while the event's attendance is not `desks`, for a day without a `date`, and
 * for a day already over (its link could never be used); 404 `not_found` when attendance is off.
 * @example const link = issueDeskLink(signer, ref, { issuedTo: "Gate 2", note: null }, clock.now());
 */
export function issueDeskLink(
  signer: TokenSigner | undefined,
  ref: DayRef,
  label: { issuedTo: string | null; note: string | null },
  now: number,
): DeskLink {
  if (ref.event.attendance === undefined)
    throw new AppError("not_found", `attendance is off for event "${ref.eventKey}"`);
  if (ref.event.attendance !== "desks") {
    throw new AppError(
      "forbidden",
      `event "${ref.eventKey}" takes attendance at the console; desk links are off`,
    );
  }
  if (!ref.day.date)
    throw new AppError("forbidden", `day "${ref.dayKey}" has no date, which a desk link needs`);
  const exp = endOfManilaDay(ref.day.date);
  if (now >= exp)
    throw new AppError("forbidden", `day "${ref.dayKey}" is over; its desk link could not be used`);
  if (!signer) throw new AppError("internal_error", "no token signer");
  const { token, expiresAt } = signer.issueDayToken("desk", {
    exp,
    day: ref.dayKey,
    to: label.issuedTo,
    note: label.note,
  });
  return { token, expiresAt, day: ref.dayKey, issuedTo: label.issuedTo, note: label.note };
}

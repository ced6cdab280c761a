import { dayLabel, manilaDate, manilaTime } from "../manila-time.ts";

/**
 * When a link stops working, for people, in Manila time. A desk link ends at midnight (its last
 * millisecond), which reads as the end of its day rather than 23:59 or 00:00 of the next.
 * @example expiryText(Date.parse("2026-11-29T16:00:00Z")) // "the end of Sunday 29 November"
 * @example expiryText(Date.parse("2026-11-29T01:30:00Z")) // "09:30 on Sunday 29 November"
 */
export function expiryText(exp: number): string {
  const day = manilaDate(exp - 1);
  if (day !== manilaDate(exp + 59_999)) return `the end of ${dayLabel(day)}`;
  return `${manilaTime(exp)} on ${dayLabel(manilaDate(exp))}`;
}

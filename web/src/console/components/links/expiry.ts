import type { LinkKind } from "../../../lib/links.ts";
import { dayLabel, manilaDate, manilaWhen, startOfManilaDay } from "../../../lib/manila-time.ts";

/** A scorer link lives 24 hours from issue (the spec's Limits). */
export const SCORER_LINK_MS = 24 * 60 * 60 * 1000;

/** Until when a link works, in words (Manila time). */
export function expiryWords(kind: LinkKind, expiresAt: number, now: number): string {
  if (kind === "desk") return `until the end of ${dayLabel(manilaDate(expiresAt - 1))} (Manila time)`;
  return `for 24 hours from issue, until ${manilaWhen(expiresAt, now).replace(/^(at|on) /, "")} (Manila time)`;
}

/**
 * True when a scorer link issued at `issuedAt` expires before its day begins: issued more than a
 * day before the day's date (Manila).
 */
export function expiresBeforeDay(issuedAt: number, date: string | undefined): boolean {
  return date !== undefined && issuedAt + SCORER_LINK_MS <= startOfManilaDay(date);
}

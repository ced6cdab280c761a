import { expiryText } from "../../../lib/links/expiry.ts";
import type { LinkKind } from "../../../lib/links/link-token.ts";
import { startOfManilaDay } from "../../../lib/manila-time.ts";

/** A scorer link lives 24 hours from issue (the spec's Limits). */
export const SCORER_LINK_MS = 24 * 60 * 60 * 1000;

/** Until when a link works, in words (Manila time), as the desk and score pages say it. */
export function expiryWords(kind: LinkKind, expiresAt: number): string {
  const until = `until ${expiryText(expiresAt)} (Manila time)`;
  return kind === "desk" ? until : `for 24 hours from issue, ${until}`;
}

/**
 * True when a scorer link issued at `issuedAt` expires before its day begins: issued more than a
 * day before the day's date (Manila).
 */
export function expiresBeforeDay(issuedAt: number, date: string | undefined): boolean {
  return date !== undefined && issuedAt + SCORER_LINK_MS <= startOfManilaDay(date);
}

/** When the console's links work, in words. */
import type { Link } from "../../../lib/api/types.ts";
import { expiryText } from "../../../lib/links/expiry.ts";
import type { LinkKind } from "../../../lib/links/link-token.ts";
import { manilaWhen, startOfManilaDay } from "../../../lib/manila-time.ts";

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

/** A link of the day's list in words at `at`: works until when, or when it was revoked or expired. */
export function linkState(link: Link, at: number): { words: string; live: boolean } {
  if (link.revokedAt !== null) return { words: `Revoked ${manilaWhen(link.revokedAt, at)}`, live: false };
  if (link.expiresAt <= at) return { words: `Expired ${manilaWhen(link.expiresAt, at)}`, live: false };
  return { words: `Works until ${manilaWhen(link.expiresAt, at).replace(/^(at|on) /, "")}`, live: true };
}

/** When the console's links work, in words. */
import { type LinkKind, SCORER_LINK_LIFETIME } from "@tournament-ops/service/link-rules";
import type { Link } from "../../../lib/api/types.ts";
import type { DaySnapshot } from "../../../lib/data/snapshot.ts";
import { expiryText } from "../../../lib/links/expiry.ts";
import { scorerLinkShortfall } from "../../../lib/links/scorer-link-cover.ts";
import { manilaWhen } from "../../../lib/manila-time.ts";

/** Until when a link works, in words (Manila time), as the desk and score pages say it. */
export function expiryWords(kind: LinkKind, expiresAt: number): string {
  const until = `until ${expiryText(expiresAt)} (Manila time)`;
  return kind === "desk" ? until : `for ${SCORER_LINK_LIFETIME} from issue, ${until}`;
}

/**
 * A link of the day's list in words at `at`: works until when (always with its day), or when it
 * was revoked or expired.
 */
export function linkState(link: Link, at: number): { words: string; live: boolean } {
  if (link.revokedAt !== null) return { words: `Revoked ${manilaWhen(link.revokedAt, at)}`, live: false };
  if (link.expiresAt <= at) return { words: `Expired ${manilaWhen(link.expiresAt, at)}`, live: false };
  return { words: `Works until ${expiryText(link.expiresAt)}`, live: true };
}

/**
 * The warning for a scorer link that stops before its day's scoring ends (see
 * `lib/links/scorer-link-cover.ts`), with when to issue one that lasts; `undefined` when it lasts.
 * `issuing` words it for a link about to be issued, else for one issued.
 * @example shortScorerLink(now + SCORER_LINK_TTL_MS, "2026-11-28", snapshot, "issuing")
 */
export function shortScorerLink(
  expiresAt: number,
  date: string | undefined,
  snapshot: DaySnapshot | undefined,
  when: "issuing" | "issued",
): string | undefined {
  const short = scorerLinkShortfall(expiresAt, date, snapshot);
  if (short === undefined) return undefined;
  const { ends, issueFrom } = short;
  const before =
    ends.lastMatch === undefined
      ? `before the day is over (${expiryText(ends.at)}, when scorer links stop being issued for it)`
      : `before the day's last match (${expiryText(ends.lastMatch)}) is over`;
  const link = when === "issuing" ? "A scorer link issued now stops" : "This link stops";
  return `${link} at ${expiryText(expiresAt)}, ${before}. Issue scorer links from ${expiryText(issueFrom)}, so they last the whole day.`;
}

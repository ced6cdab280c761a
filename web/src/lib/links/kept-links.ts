/**
 * Links kept on the phone until they expire, so a link is opened once and the page finds it
 * again (an umpire scans a scoresheet's QR code, which carries no token). Newest first. An expired
 * link is kept a while longer, so the page can say when it expired instead of only asking for a
 * link; an unreadable one is dropped whenever the list is read. Storage that is full or switched
 * off (private browsing) keeps nothing, and the page asks for the link again.
 */
import type { LinkKind } from "@tournament-ops/service/link-rules";
import { type DecodedLink, decodeLink, hasExpired } from "./link-token.ts";

/** At most this many links are kept (one a day is usual; a few events at once is the most). */
const MOST = 8;
/** An expired link is remembered this long after its expiry, to say when it expired. */
export const EXPIRED_KEPT_MS = 7 * 24 * 3_600_000;

export interface KeptLinks {
  /** The unexpired links of this kind, newest first. */
  list(now: number): DecodedLink[];
  /** The links of this kind that expired lately (within {@link EXPIRED_KEPT_MS}), newest first. */
  expired(now: number): DecodedLink[];
  /** Keeps `link` as the newest. */
  keep(link: DecodedLink, now: number): void;
  /** Drops the link with this token (the service refused it). */
  forget(token: string): void;
}

/**
 * The kept links of one kind in `storage` (the page's `localStorage`).
 * @example const scorerLinks = keptLinks(localStorage, "scorer"); scorerLinks.keep(link, Date.now());
 */
export function keptLinks(storage: Storage | undefined, kind: LinkKind): KeptLinks {
  const key = `tournament-ops.${kind}-links`;
  const read = (): string[] => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(key) ?? "[]");
      return Array.isArray(value) ? value.filter((token) => typeof token === "string") : [];
    } catch {
      return [];
    }
  };
  const write = (tokens: string[]) => {
    try {
      if (tokens.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(tokens));
    } catch {
      // Full or switched off: nothing is kept, and the page asks for the link next time.
    }
  };
  /** Every link still worth keeping at `now`, newest first; storage is tidied when some are not. */
  const all = (now: number): DecodedLink[] => {
    const tokens = read();
    const links = tokens
      .map(decodeLink)
      .filter((link): link is DecodedLink => link?.kind === kind && now < link.exp + EXPIRED_KEPT_MS);
    if (links.length !== tokens.length) write(links.map((link) => link.token));
    return links;
  };
  return {
    list: (now) => all(now).filter((link) => !hasExpired(link, now)),
    expired: (now) => all(now).filter((link) => hasExpired(link, now)),
    keep(link, now) {
      const others = all(now).filter((kept) => kept.token !== link.token);
      write([link.token, ...others.map((kept) => kept.token)].slice(0, MOST));
    },
    forget(token) {
      write(read().filter((kept) => kept !== token));
    },
  };
}

/**
 * The desk's last list read, kept on the phone (local storage), so a desk page reloaded without a
 * network still shows its hall's people, as last read, with the marks that wait. One list is kept:
 * the last one read (a desk works at one hall); a list of another day or hall is never shown, and
 * the list is forgotten when the link stops working. It is tied to the link that read it (the
 * SHA-256 of its token, never the token itself) and that link's expiry: another link (a made-up
 * one naming the same day and hall among them) never shows it, and an expired link forgets it.
 */
import type { Person } from "./person.ts";

const KEY = "tournament-ops.desk-list";

export interface KeptList {
  day: string;
  facility: string;
  /** When it was read, epoch ms. */
  readAt: number;
  people: Person[];
  /** The SHA-256 (hex) of the token of the link that read it. */
  link: string;
  /** When that link expires, epoch ms: from then on the list is never shown. */
  linkExpiresAt: number;
}

/**
 * The SHA-256 (hex) of a link's token, or undefined where the browser has no Web Crypto (a page
 * on plain http at a LAN address, where no service worker runs either): then nothing is kept.
 * @example await linkHash(token) // "9f86d08188…"
 */
export async function linkHash(token: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return undefined;
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Keeps `list` as the phone's last list read (storage full or off: nothing is kept). */
export function keepList(storage: Storage | undefined, list: KeptList): void {
  try {
    storage?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Full or switched off: a reload without a network shows no list, only the waiting marks.
  }
}

/**
 * The kept list of this day's `facility`, if that is the one kept and it was read with this same
 * link (`link`: its token's hash), which has not expired at `now`; a list whose link has expired
 * is forgotten.
 */
export function keptList(
  storage: Storage | undefined,
  wanted: { day: string; facility: string; link: string | undefined; now: number },
): KeptList | undefined {
  try {
    const kept = JSON.parse(storage?.getItem(KEY) ?? "null") as Partial<KeptList> | null;
    if (typeof kept?.linkExpiresAt !== "number" || wanted.now >= kept.linkExpiresAt) {
      forgetList(storage);
      return undefined;
    }
    if (wanted.link === undefined || kept.link !== wanted.link) return undefined;
    if (kept.day !== wanted.day || kept.facility !== wanted.facility) return undefined;
    if (typeof kept.readAt !== "number" || !Array.isArray(kept.people)) return undefined;
    return kept as KeptList;
  } catch {
    return undefined;
  }
}

/** Forgets the kept list (the link no longer works on this phone). */
export function forgetList(storage: Storage | undefined): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

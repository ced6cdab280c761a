/**
 * The rules of desk and scorer links, written once for the service and the pages (imported by the
 * pages as `@tournament-ops/service/link-rules`, so it imports nothing of Node): the scope signed
 * into each kind of token and its payload, how long each kind lives, when a day is over for
 * scorer links, and the label members' limit and normalising. The spec's Limits and Links.
 */
import { endOfManilaDay, manilaInstant } from "./manila-time.ts";

/** The scope signed into each kind of day link; also the HKDF info of its key (`auth/tokens.ts`). */
export const LINK_SCOPES = { desk: "attendance-desk", scorer: "score-desk" } as const;

/** The two kinds of day link. */
export type LinkKind = keyof typeof LINK_SCOPES;

/**
 * A desk or scorer token's payload: exactly these members, in this order; `to` (`issuedTo`) and
 * `note` only when given. Signed, not secret: a page decodes it to say who a link is for and until when.
 */
export interface DayClaims {
  /** Expiry, epoch milliseconds: refused from this instant on. */
  exp: number;
  scope: string;
  day: string;
  to?: string;
  note?: string;
}

/** A scorer link lives 24 hours from issue, not to the end of its day. */
export const SCORER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** A scorer link's lifetime in words ("24 hours"), from {@link SCORER_LINK_TTL_MS}. */
export const SCORER_LINK_LIFETIME = `${SCORER_LINK_TTL_MS / 3_600_000} hours`;

/** Scorer links are issued until this hour (Asia/Manila) of the morning after the day's date. */
export const DAY_OVER_HOUR = 6;

/**
 * When a day is over for scorer-link issuance: 06:00 Asia/Manila on the morning after its date.
 * @example dayOverAt("2026-11-21") // 2026-11-22T06:00+08:00 as epoch ms
 */
export function dayOverAt(isoDate: string): number {
  return manilaInstant(isoDate, 24 + DAY_OVER_HOUR);
}

/**
 * When a desk link ends: the last millisecond of its day's date in Asia/Manila, whenever it was issued.
 * @example deskLinkExpiry("2026-11-21") // 2026-11-21T23:59:59.999+08:00 as epoch ms
 */
export function deskLinkExpiry(isoDate: string): number {
  return endOfManilaDay(isoDate);
}

/** The longest `issuedTo` or `note`, in code points after normalising. */
export const LINK_LABEL_MAX = 40;

/** What a link is called when it carries no `issuedTo`. */
export const LINK_NAMES: Record<LinkKind, string> = { desk: "Desk link", scorer: "Scorer link" };

/** A link's two label members, `null` when not given. */
export interface LinkLabel {
  issuedTo: string | null;
  note: string | null;
}

// Removed in the trimming step: controls (C0, DEL, C1; whitespace controls such as tab and
// newline become spaces first), format characters (Cf: zero-width spaces and joiners, the BOM,
// the bidi controls U+202A–U+202E and U+2066–U+2069 that can make a label read backwards in a
// note), and lone surrogates (Cs), which are not text and cannot be written as UTF-8.
const CONTROL = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

/**
 * Normalises one label text as the service keeps it: whitespace runs (tabs and newlines
 * included) become one space, control and format characters and lone surrogates are removed,
 * the ends are trimmed. An empty result is `null`.
 * @example normaliseLabelText("  Court\t 3 \u0007") // "Court 3"
 * @example normaliseLabelText("Ana\u202E nimdA\u200B") // "Ana nimdA"
 */
export function normaliseLabelText(text: string): string | null {
  const cleaned = text.replace(/\s+/gu, " ").replace(CONTROL, "").replace(/\s+/gu, " ").trim();
  return cleaned === "" ? null : cleaned;
}

/**
 * A label text's length as the limit counts it: code points after normalising.
 * @example labelLength(" Ana  ") // 3
 */
export function labelLength(text: string): number {
  return [...(normaliseLabelText(text) ?? "")].length;
}

/**
 * What a link is called, and who its writes are attributed to: `<issuedTo> (<note>)`,
 * `<issuedTo>`, `<kind name> (<note>)` or `<kind name>`.
 * @example linkLabel("desk", { issuedTo: "Front desk", note: "Rizal Hall" }) // "Front desk (Rizal Hall)"
 * @example linkLabel("scorer", { issuedTo: null, note: null }) // "Scorer link"
 */
export function linkLabel(kind: LinkKind, label: LinkLabel): string {
  const name = label.issuedTo || LINK_NAMES[kind];
  return label.note ? `${name} (${label.note})` : name;
}

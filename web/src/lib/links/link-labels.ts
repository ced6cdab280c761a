/**
 * A link's label as the service writes it, and a free variant of it for a replacement. Two desk
 * links with the same label on the same day are the same link (a token holds only its day, label
 * and expiry, and every desk link of a day ends with it), so a revoked desk link's label cannot be
 * issued again: its replacement is numbered, `Front desk 2 (Rizal Hall)`. The number goes on
 * `issuedTo`, never on `note`, which often names the hall the desk page opens at.
 */
import type { LinkKind } from "./link-token.ts";

/** The longest `issuedTo` or `note`, in code points (the spec's Limits). */
export const LABEL_MAX = 40;

/** A link's two label members, `null` when not given. */
export interface LinkLabel {
  issuedTo: string | null;
  note: string | null;
}

/** What a link without `issuedTo` is called. */
const NAMES: Record<LinkKind, string> = { desk: "Desk link", scorer: "Scorer link" };

/**
 * What a link is called: `<issuedTo> (<note>)`, `<issuedTo>`, `<kind> (<note>)` or `<kind>`.
 * @example linkLabel("desk", { issuedTo: "Front desk", note: "Rizal Hall" }) // "Front desk (Rizal Hall)"
 */
export function linkLabel(kind: LinkKind, label: LinkLabel): string {
  const name = label.issuedTo ?? NAMES[kind];
  return label.note ? `${name} (${label.note})` : name;
}

/** A label member as the service keeps it: whitespace runs made one space, trimmed, `null` when empty. */
const clean = (text: string | null) => text?.replace(/\s+/g, " ").trim() || null;

/** True when two labels are the same once trimmed as the service trims them (case counts, as in a token). */
export function sameLabel(a: LinkLabel, b: LinkLabel): boolean {
  return clean(a.issuedTo) === clean(b.issuedTo) && clean(a.note) === clean(b.note);
}

/**
 * The first numbered variant of `label` (2, 3, …) that no link of `taken` has: the number replaces
 * a number the name already ends in, and the name is shortened to keep it within 40 characters.
 * @example freeVariant("desk", { issuedTo: "Front desk", note: "Rizal Hall" }, taken) // { issuedTo: "Front desk 2", note: "Rizal Hall" }
 */
export function freeVariant(kind: LinkKind, label: LinkLabel, taken: readonly LinkLabel[]): LinkLabel {
  const base = (clean(label.issuedTo) ?? NAMES[kind]).replace(/ \d+$/, "");
  const note = clean(label.note);
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const name = [...base]
      .slice(0, LABEL_MAX - suffix.length)
      .join("")
      .trimEnd();
    const candidate = { issuedTo: `${name}${suffix}`, note };
    if (!taken.some((other) => sameLabel(other, candidate))) return candidate;
  }
}

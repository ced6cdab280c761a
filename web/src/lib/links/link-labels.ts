/**
 * A link's label as pages show it, and a free variant of it for a replacement. The label rules
 * themselves (the 40-character limit, normalising, `<issuedTo> (<note>)`) are the service's
 * (`@tournament-ops/service/link-rules`). Two desk links with the same label on the same day are
 * the same link (a token holds only its day, label and expiry, and every desk link of a day ends
 * with it), so a revoked desk link's label cannot be issued again: its replacement is numbered,
 * `Front desk 2 (Rizal Hall)`. The number goes on `issuedTo`, never on `note`, which often names
 * the hall the desk page opens at.
 */
import {
  LINK_LABEL_MAX,
  LINK_NAMES,
  type LinkKind,
  type LinkLabel,
  linkLabel,
  normaliseLabelText,
} from "@tournament-ops/service/link-rules";
import type { DecodedLink } from "./link-token.ts";

/**
 * Who a link a page holds is for, from its payload, with its kind: as the service attributes its
 * marks and scores, after the kind's name.
 * @example holderLabel({ kind: "desk", to: "Front desk", note: "Rizal Hall", … }) // "Desk link: Front desk (Rizal Hall)"
 * @example holderLabel({ kind: "scorer", … }) // "Scorer link"
 */
export function holderLabel(link: Pick<DecodedLink, "kind" | "to" | "note">): string {
  const kind = LINK_NAMES[link.kind];
  if (link.to === undefined && link.note === undefined) return kind;
  return `${kind}: ${linkLabel(link.kind, { issuedTo: link.to ?? null, note: link.note ?? null })}`;
}

/** A label member as the service keeps it, `null` when not given or empty. */
const clean = (text: string | null) => (text === null ? null : normaliseLabelText(text));

/** True when two labels are the same once normalised as the service keeps them (case counts, as in a token). */
export function sameLabel(a: LinkLabel, b: LinkLabel): boolean {
  return clean(a.issuedTo) === clean(b.issuedTo) && clean(a.note) === clean(b.note);
}

/**
 * The first numbered variant of `label` (2, 3, …) that no link of `taken` has: the number replaces
 * a number the name already ends in, and the name is shortened to keep it within 40 characters.
 * @example freeVariant("desk", { issuedTo: "Front desk", note: "Rizal Hall" }, taken) // { issuedTo: "Front desk 2", note: "Rizal Hall" }
 */
export function freeVariant(kind: LinkKind, label: LinkLabel, taken: readonly LinkLabel[]): LinkLabel {
  const base = (clean(label.issuedTo) ?? LINK_NAMES[kind]).replace(/ \d+$/, "");
  const note = clean(label.note);
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const name = [...base]
      .slice(0, LINK_LABEL_MAX - suffix.length)
      .join("")
      .trimEnd();
    const candidate = { issuedTo: `${name}${suffix}`, note };
    if (!taken.some((other) => sameLabel(other, candidate))) return candidate;
  }
}

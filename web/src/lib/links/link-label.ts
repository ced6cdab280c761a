import type { DayLink } from "./link-token.ts";

const KIND_NAMES = { desk: "Desk link", scorer: "Scorer link" } as const;

/**
 * Who a desk or scorer link is for, from its payload, as the service attributes marks and scores.
 * @example linkLabel({ kind: "desk", to: "Front desk", note: "Rizal Hall", … }) // "Desk link: Front desk (Rizal Hall)"
 */
export function linkLabel(link: Pick<DayLink, "kind" | "to" | "note">): string {
  const kind = KIND_NAMES[link.kind];
  const name = link.to ?? (link.note === undefined ? undefined : kind);
  const label = name === undefined ? undefined : link.note === undefined ? name : `${name} (${link.note})`;
  return label === undefined ? kind : `${kind}: ${label}`;
}

import { expiryText } from "../links/expiry.ts";
import type { DayLink } from "../links/link-token.ts";

const KIND_NAMES = { desk: "Desk link", scorer: "Scorer link" } as const;

/**
 * Who a desk or scorer link is for and until when, from its payload: "Desk link: Front desk (Rizal
 * Hall), valid until the end of Sunday 29 November". Marks and scores are attributed to this label.
 */
export function LinkSummary({ link, expired }: { link: DayLink; expired: boolean }) {
  const kind = KIND_NAMES[link.kind];
  const name = link.to ?? (link.note === undefined ? undefined : kind);
  const label = name === undefined ? undefined : link.note === undefined ? name : `${name} (${link.note})`;
  return (
    <p class="link-summary">
      {label === undefined ? kind : `${kind}: ${label}`}
      <span class={expired ? "expired" : undefined}>
        {expired ? ` · expired at ${expiryText(link.exp)}` : ` · valid until ${expiryText(link.exp)}`}
      </span>
    </p>
  );
}

import { expiryText } from "../links/expiry.ts";
import { holderLabel } from "../links/link-labels.ts";
import type { DecodedLink } from "../links/link-token.ts";

/**
 * Who a desk or scorer link is for and until when, from its payload: "Desk link: Front desk (Rizal
 * Hall) · valid until the end of Sunday 29 November", or that it expired or was revoked.
 */
export function LinkSummary({
  link,
  expired,
  revoked = false,
}: {
  link: DecodedLink;
  expired: boolean;
  revoked?: boolean;
}) {
  return (
    <p class="link-summary">
      {holderLabel(link)}
      <span class={expired || revoked ? "expired" : undefined}>
        {revoked
          ? " · revoked by the control desk"
          : expired
            ? ` · expired at ${expiryText(link.exp)}`
            : ` · valid until ${expiryText(link.exp)}`}
      </span>
    </p>
  );
}

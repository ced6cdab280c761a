import { linkLabel } from "@tournament-ops/service/link-rules";
import { useEffect, useRef } from "preact/hooks";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { deskLinkEnd, shortDeskLinkWarning } from "../../../lib/links/desk-link-end.ts";
import { isLoopbackAddress, linkPageUrl } from "../../../lib/links/link-address.ts";
import { CopyButton } from "../../../lib/ui/CopyButton.tsx";
import { QrCode } from "../../../lib/ui/QrCode.tsx";
import { useConsole } from "../../context.ts";
import type { TabLink } from "../../store/links.ts";
import { expiryWords, shortScorerLink } from "./expiry.ts";

/** An issued link as a person uses it: its page address with the token in the fragment, a QR code, a copy button. */
export function LinkCard({ link, entry }: { link: TabLink; entry: DayEntry }) {
  const { app, day, links } = useConsole();
  const { showLink } = links;
  const address = linkPageUrl(link.kind, link.token);
  const shownAddress = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A card opens above the forms and the list: bring it into view and to a screen reader's attention.
  useEffect(() => heading.current?.focus(), [link.linkId]);
  const label = linkLabel(link.kind, link);
  const kindName = link.kind === "desk" ? "Desk link" : "Scorer link";
  const short =
    link.kind === "scorer"
      ? shortScorerLink(link.expiresAt, entry.day.date, day.feed.value?.snapshot, "issued")
      : undefined;
  // A desk link ends with its day: say when and how long is left, and warn when that is short.
  const deskEnd = link.kind === "desk" ? deskLinkEnd(link.expiresAt, app.now.value) : undefined;
  const works = deskEnd ? `${deskEnd.words} (Manila time)` : expiryWords(link.kind, link.expiresAt);
  const deskWarning = deskEnd && shortDeskLinkWarning(deskEnd);
  return (
    <section class="panel link-card" aria-labelledby="link-card-heading">
      <h2 id="link-card-heading" tabIndex={-1} ref={heading}>
        {kindName}: {label}
      </h2>
      <div class="link-card-body">
        <QrCode class="qr" text={address} label={`QR code of the ${kindName.toLowerCase()} for ${label}`} />
        <div class="stack">
          <p>Scan the code with the phone that will use it, or send the address. It works {works}.</p>
          {short && <p class="notice warn">{short}</p>}
          {deskWarning && (
            <p class="notice warn" role="note">
              {deskWarning}
            </p>
          )}
          {isLoopbackAddress(address) && (
            <p class="notice warn">
              This address points at this computer, so a phone cannot open it. Start the stack with{" "}
              <code>npm start -- --lan</code> and open the console at the address it prints for phones.
            </p>
          )}
          <p class="address">
            <code ref={shownAddress}>{address}</code>
          </p>
          <div class="actions">
            <CopyButton text={address} label="Copy the link" fallback={() => shownAddress.current} />
            <button type="button" onClick={() => showLink(undefined)}>
              Close
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

import { useEffect, useRef } from "preact/hooks";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { isLoopbackAddress, linkPageUrl } from "../../../lib/links/link-address.ts";
import { dayLabel } from "../../../lib/manila-time.ts";
import { CopyButton } from "../../../lib/ui/CopyButton.tsx";
import { QrCode } from "../../../lib/ui/QrCode.tsx";
import { useConsole } from "../../context.ts";
import type { TabLink } from "../../store/links.ts";
import { expiresBeforeDay, expiryWords } from "./expiry.ts";

/** What a link is called: its label as the service writes it (`<issuedTo> (<note>)`, …). */
export function linkLabel(
  kind: "desk" | "scorer",
  label: { issuedTo: string | null; note: string | null },
): string {
  const name = label.issuedTo ?? (kind === "desk" ? "Desk link" : "Scorer link");
  return label.note ? `${name} (${label.note})` : name;
}

/** An issued link as a person uses it: its page address with the token in the fragment, a QR code, a copy button. */
export function LinkCard({ link, entry }: { link: TabLink; entry: DayEntry }) {
  const { showLink } = useConsole().links;
  const address = linkPageUrl(link.kind, link.token);
  const shownAddress = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A card opens above the forms and the list: bring it into view and to a screen reader's attention.
  useEffect(() => heading.current?.focus(), [link.linkId]);
  const label = linkLabel(link.kind, link);
  const kindName = link.kind === "desk" ? "Desk link" : "Scorer link";
  return (
    <section class="panel link-card" aria-labelledby="link-card-heading">
      <h2 id="link-card-heading" tabIndex={-1} ref={heading}>
        {kindName}: {label}
      </h2>
      <div class="link-card-body">
        <QrCode class="qr" text={address} label={`QR code of the ${kindName.toLowerCase()} for ${label}`} />
        <div class="stack">
          <p>
            Scan the code with the phone that will use it, or send the address. It works{" "}
            {expiryWords(link.kind, link.expiresAt)}.
          </p>
          {link.kind === "scorer" && expiresBeforeDay(link.issuedAt, entry.day.date) && (
            <p class="notice warn">
              This link was issued more than a day before {dayLabel(entry.day.date as string)}: it expires
              before the day begins. Issue a new one on the day.
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

import type { QrCodes } from "../../store/scoresheets.ts";

/** Whether the sheets will carry QR codes, said before printing. */
export function QrCodeNotice({ qr }: { qr: QrCodes }) {
  if (qr.kind === "unknown") return null;
  if (qr.kind === "none")
    return (
      <p class="notice warn" role="note">
        These scoresheets will have no QR codes: the service has no PAGES_URL (the address the pages are
        served at), so an umpire opens the score page and finds the match by its number. Set PAGES_URL on the
        service to print them.
      </p>
    );
  if (qr.kind === "this computer")
    return (
      <p class="notice warn" role="note">
        Each match's sheet carries a QR code, but it opens <code>{qr.url}</code>, an address on this computer:
        a phone cannot open it. Start the stack with <code>npm start -- --lan</code> and print again.
      </p>
    );
  return (
    <p class="hint">
      Each match's sheet carries a QR code that opens its match on the score page (<code>{qr.url}</code>).
    </p>
  );
}

import type { DayEntry } from "../../../lib/data/registry.ts";
import { manilaWhen } from "../../../lib/manila-time.ts";
import { now } from "../../store/app.ts";
import { issued, showLink } from "../../store/links.ts";
import { linkLabel } from "./LinkCard.tsx";

/** The links of the day issued in this tab, to show one again. */
export function LinkList({ entry }: { entry: DayEntry }) {
  const mine = issued.value.filter((link) => link.day === entry.dayKey);
  return (
    <section class="panel" aria-labelledby="list-heading">
      <h2 id="list-heading">Links of this day</h2>
      {mine.length === 0 ? (
        <p>No links issued yet.</p>
      ) : (
        <ul class="links">
          {mine.map((link) => (
            <li key={link.token}>
              <span>
                <strong>{link.kind === "desk" ? "Desk" : "Scorer"}</strong> · {linkLabel(link.kind, link)}
              </span>
              <span class="muted">issued {manilaWhen(link.issuedAt, now.value)}</span>
              <button type="button" onClick={() => showLink(link)}>
                Show the QR code<span class="visually-hidden"> of {linkLabel(link.kind, link)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

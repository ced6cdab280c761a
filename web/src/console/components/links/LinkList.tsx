import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { manilaWhen } from "../../../lib/manila-time.ts";
import { useConsole } from "../../context.ts";
import { Problem, Said } from "../Problem.tsx";
import { linkState } from "./expiry.ts";
import { linkLabel } from "./LinkCard.tsx";

/**
 * The day's links as the service keeps them: each with its label, when it was issued, until when it
 * works and when it was last used; one can be revoked without touching the others.
 */
export function LinkList({ entry }: { entry: DayEntry }) {
  const { app, links: tab } = useConsole();
  const { now } = app;
  const { issued, links, readLinks, revokeLink, revoking, showLink } = tab;
  const confirming = useSignal<string | undefined>(undefined);
  useEffect(() => {
    void readLinks(entry.dayKey);
  }, [entry.dayKey]);
  const list = links.result.value?.day === entry.dayKey ? links.result.value.links : undefined;
  const mine = new Map(issued.value.map((link) => [link.linkId, link]));
  const revoked = revoking.result.value;
  return (
    <section class="panel link-list" aria-labelledby="list-heading">
      <h2 id="list-heading">Links of this day</h2>
      <p class="hint">
        Last use is written every few minutes. A revoked link stops working within about a minute, everywhere;
        the others keep working.
      </p>
      <button type="button" disabled={links.busy.value} onClick={() => void readLinks(entry.dayKey)}>
        {links.busy.value ? "Reading the links…" : "Read the list again"}
      </button>
      <Problem text={links.problem.value} />
      <Problem text={revoking.problem.value} />
      {revoked && revoked.revokedAt !== null && list?.some((l) => l.linkId === revoked.linkId) && (
        <Said>{linkLabel(revoked.kind, revoked)}: revoked. It stops working within about a minute.</Said>
      )}
      {list !== undefined && list.length === 0 && <p>No links have been issued for this day.</p>}
      {list !== undefined && list.length > 0 && (
        <ul class="links">
          {list.map((link) => {
            const label = linkLabel(link.kind, link);
            const state = linkState(link, now.value);
            const tabLink = mine.get(link.linkId);
            return (
              <li key={link.linkId} class={state.live ? undefined : "gone"}>
                <div class="link-facts">
                  <strong>
                    {link.kind === "desk" ? "Desk" : "Scorer"} · {label}
                  </strong>
                  <span class={state.live ? undefined : "warn-text"}>{state.words}</span>
                  <span class="muted">
                    {link.issuedAt === null
                      ? "Issued before this list was kept"
                      : `Issued ${manilaWhen(link.issuedAt, now.value)}`}
                    {" · "}
                    {link.lastUsedAt === null
                      ? "not used yet"
                      : `last used ${manilaWhen(link.lastUsedAt, now.value)}`}
                  </span>
                </div>
                {state.live && (
                  <div class="actions">
                    {tabLink && (
                      <button type="button" onClick={() => showLink(tabLink)}>
                        Show the QR code<span class="visually-hidden"> of {label}</span>
                      </button>
                    )}
                    {confirming.value === link.linkId ? (
                      <>
                        <button
                          type="button"
                          class="danger"
                          disabled={revoking.busy.value}
                          onClick={() => {
                            confirming.value = undefined;
                            void revokeLink(entry.dayKey, link.linkId);
                          }}
                        >
                          Yes, revoke {label}
                        </button>
                        <button type="button" onClick={() => (confirming.value = undefined)}>
                          Keep it
                        </button>
                      </>
                    ) : (
                      <button type="button" onClick={() => (confirming.value = link.linkId)}>
                        Revoke<span class="visually-hidden"> {label}</span>
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { useSignal } from "@preact/signals";
import { linkLabel } from "@tournament-ops/service/link-rules";
import { useEffect, useRef } from "preact/hooks";
import type { Link } from "../../../lib/api/types.ts";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { manilaWhen } from "../../../lib/manila-time.ts";
import { useConsole } from "../../context.ts";
import { Problem, Said } from "../Problem.tsx";
import { linkState, shortScorerLink } from "./expiry.ts";

/** Where focus goes once the list is drawn again: a link's control, by what it does. */
type FocusTarget = { linkId: string; control: "revoke" | "confirm" | "replace" } | "heading";

/** The id of a link's control, for moving focus to it. */
const controlId = (linkId: string, control: "revoke" | "confirm" | "replace") => `${control}-${linkId}`;

/**
 * The day's links as the service keeps them: each with its label, when it was issued, until when it
 * works (with its day) and when it was last used; one can be revoked without touching the others,
 * and a revoked link (or an expired scorer link) replaced in one step. Keyboard: Revoke moves focus
 * to the confirmation, Escape or Keep it cancels back to Revoke, and a revocation moves focus to
 * the revoked link's Replace (else to the list's heading), never to the page's body.
 */
export function LinkList({ entry }: { entry: DayEntry }) {
  const { app, day, links: tab } = useConsole();
  const { now } = app;
  const { issued, links, readLinks, replaceLink, revokeLink, revoking, showLink, issuing } = tab;
  const confirming = useSignal<string | undefined>(undefined);
  const focus = useSignal<FocusTarget | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void readLinks(entry.dayKey);
  }, [entry.dayKey]);
  // Focus moves once the control it goes to is drawn.
  useEffect(() => {
    const target = focus.value;
    if (target === undefined) return;
    const element =
      target === "heading"
        ? heading.current
        : document.getElementById(controlId(target.linkId, target.control));
    if (element) {
      element.focus();
      focus.value = undefined;
    }
  });
  const list = links.result.value?.day === entry.dayKey ? links.result.value.links : undefined;
  const mine = new Map(issued.value.map((link) => [link.linkId, link]));
  const revoked = revoking.result.value;
  const scorerLinksOn = day.scoreEntry.value?.scoreEntry === "links";
  const snapshot = day.feed.value?.snapshot;
  /** A revoked link, or an expired scorer link while scorer links are issued, can be replaced. */
  const replaceable = (link: Link) =>
    link.kind === "desk"
      ? link.revokedAt !== null
      : scorerLinksOn && (link.revokedAt !== null || link.expiresAt <= now.value);
  const cancel = (linkId: string) => {
    confirming.value = undefined;
    focus.value = { linkId, control: "revoke" };
  };
  const revoke = async (link: Link) => {
    confirming.value = undefined;
    await revokeLink(entry.dayKey, link.linkId);
    // Refused: back to its Revoke; revoked: on to its replacement, else to the list.
    if (revoking.problem.value !== undefined) focus.value = { linkId: link.linkId, control: "revoke" };
    else if (replaceable({ ...link, revokedAt: now.value }))
      focus.value = { linkId: link.linkId, control: "replace" };
    else focus.value = "heading";
  };
  const replacing = issuing.desk.busy.value || issuing.scorer.busy.value;
  return (
    <section class="panel link-list" aria-labelledby="list-heading">
      <h2 id="list-heading" tabIndex={-1} ref={heading}>
        Links of this day
      </h2>
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
            const short =
              state.live && link.kind === "scorer"
                ? shortScorerLink(link.expiresAt, entry.day.date, snapshot, "issued")
                : undefined;
            return (
              <li key={link.linkId} class={state.live ? undefined : "gone"}>
                <div class="link-facts">
                  <strong>
                    {link.kind === "desk" ? "Desk" : "Scorer"} · {label}
                  </strong>
                  <span class={state.live ? undefined : "warn-text"}>{state.words}</span>
                  {short && <span class="warn-text">{short}</span>}
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
                      <fieldset
                        class="actions"
                        onKeyDown={(event) => {
                          if (event.key === "Escape") cancel(link.linkId);
                        }}
                      >
                        <legend class="visually-hidden">Revoke {label}?</legend>
                        <button
                          type="button"
                          class="danger"
                          id={controlId(link.linkId, "confirm")}
                          disabled={revoking.busy.value}
                          onClick={() => void revoke(link)}
                        >
                          Yes, revoke {label}
                        </button>
                        <button type="button" onClick={() => cancel(link.linkId)}>
                          Keep it
                        </button>
                      </fieldset>
                    ) : (
                      <button
                        type="button"
                        id={controlId(link.linkId, "revoke")}
                        onClick={() => {
                          confirming.value = link.linkId;
                          focus.value = { linkId: link.linkId, control: "confirm" };
                        }}
                      >
                        Revoke<span class="visually-hidden"> {label}</span>
                      </button>
                    )}
                  </div>
                )}
                {!state.live && replaceable(link) && (
                  <div class="actions">
                    <button
                      type="button"
                      id={controlId(link.linkId, "replace")}
                      disabled={replacing}
                      onClick={() => void replaceLink(entry.dayKey, link)}
                    >
                      Replace<span class="visually-hidden"> {label}</span>
                    </button>
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

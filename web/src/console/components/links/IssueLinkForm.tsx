import { type Signal, useSignal } from "@preact/signals";
import {
  LINK_LABEL_MAX,
  type LinkKind,
  linkLabel,
  SCORER_LINK_TTL_MS,
} from "@tournament-ops/service/link-rules";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { labelCount } from "../../../lib/links/label-limit.ts";
import { startOfManilaDay } from "../../../lib/manila-time.ts";
import { useConsole } from "../../context.ts";
import { Problem } from "../Problem.tsx";
import { expiryWords, shortScorerLink } from "./expiry.ts";

const WORDS: Record<LinkKind, { what: string; to: string; example: string; note: string }> = {
  desk: {
    what: "A desk link lets check-in staff mark players present on this day, from a phone.",
    to: "Who gets it",
    example: "For example: Front desk, or the volunteer's first name",
    note: "For example: Rizal Hall entrance",
  },
  scorer: {
    what: "A scorer link lets an umpire enter match scores for this day, from a phone.",
    to: "Who gets it",
    example: "For example: the umpire's first name",
    note: "For example: Court 3",
  },
};

/** Issue a desk or scorer link with a label (`issuedTo`, `note`), signed into it and shown on every write. */
export function IssueLinkForm({ kind, entry }: { kind: LinkKind; entry: DayEntry }) {
  const { app, day, links } = useConsole();
  const { now } = app;
  const { issueLink, issuing, replaceLink, revokedLabel } = links;
  const words = WORDS[kind];
  const job = issuing[kind];
  const short =
    kind === "scorer"
      ? shortScorerLink(now.value + SCORER_LINK_TTL_MS, entry.day.date, day.feed.value?.snapshot, "issuing")
      : undefined;
  const revoked = kind === "desk" ? revokedLabel.value : undefined;
  // The label members as typed, counted as the service counts them: over the limit, the form
  // says so and refuses to issue (the route would refuse too); nothing is cut.
  const typed = { issuedTo: useSignal(""), note: useSignal("") };
  const counts = { issuedTo: labelCount(typed.issuedTo.value), note: labelCount(typed.note.value) };
  const over = counts.issuedTo.over || counts.note.over;
  const submit = (event: Event) => {
    event.preventDefault();
    if (over) return;
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    void issueLink(kind, entry.dayKey, {
      issuedTo: String(data.get("issuedTo") ?? ""),
      note: String(data.get("note") ?? ""),
    }).then(() => {
      if (job.problem.value !== undefined) return;
      form.reset();
      typed.issuedTo.value = "";
      typed.note.value = "";
    });
  };
  const id = (name: string) => `${kind}-${name}`;
  return (
    <form class="stack" onSubmit={submit}>
      <p>
        {words.what} Anyone holding the link acts under its label, so hand it only to that person. The label
        is also in the day's list of links that the results site publishes (the link itself never is), so
        write a role or a first name, nothing private.{" "}
        {kind === "desk"
          ? `It works ${expiryWords("desk", nextMidnight(entry.day.date))}.`
          : `It works ${expiryWords("scorer", now.value + SCORER_LINK_TTL_MS)}.`}
      </p>
      {short && (
        <p class="notice warn" role="note">
          {short}
        </p>
      )}
      <label for={id("to")}>{words.to} (optional)</label>
      <p class="hint" id={id("to-hint")}>
        {words.example}. At most {LINK_LABEL_MAX} characters.
      </p>
      <LabelInput id={id("to")} name="issuedTo" hint={id("to-hint")} typed={typed.issuedTo} />
      <label for={id("note")}>Note (optional)</label>
      <p class="hint" id={id("note-hint")}>
        {words.note}. At most {LINK_LABEL_MAX} characters.
      </p>
      <LabelInput id={id("note")} name="note" hint={id("note-hint")} typed={typed.note} />
      <button type="submit" class="primary" disabled={job.busy.value || over}>
        {job.busy.value ? "Issuing…" : kind === "desk" ? "Issue a desk link" : "Issue a scorer link"}
      </button>
      <Problem text={job.problem.value} />
      {revoked && job.problem.value !== undefined && (
        <button
          type="button"
          disabled={job.busy.value}
          onClick={() => void replaceLink(entry.dayKey, revoked)}
        >
          Replace {linkLabel("desk", revoked)}
        </button>
      )}
    </form>
  );
}

/** One label member's box and its count, said as the person types (over the limit: an alert). */
function LabelInput({
  id,
  name,
  hint,
  typed,
}: {
  id: string;
  name: string;
  hint: string;
  typed: Signal<string>;
}) {
  const count = labelCount(typed.value);
  return (
    <>
      <input
        id={id}
        name={name}
        aria-describedby={`${hint} ${id}-count`}
        aria-invalid={count.over}
        onInput={(event) => {
          typed.value = event.currentTarget.value;
        }}
      />
      <p
        class={count.over ? "problem" : "hint"}
        id={`${id}-count`}
        aria-live={count.over ? "assertive" : "off"}
      >
        {count.words}
      </p>
    </>
  );
}

/** The end of a day in Manila (a desk link's expiry). */
function nextMidnight(date: string | undefined): number {
  return date === undefined ? Number.NaN : startOfManilaDay(date) + 24 * 60 * 60 * 1000;
}

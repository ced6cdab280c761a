import { useId } from "preact/hooks";
import type { MarkState } from "../../lib/attendance/pending-marks.ts";
import { categoryLabel, teamLabel } from "../../lib/data/labels.ts";
import { manilaStamp } from "../../lib/manila-time.ts";
import { useDesk } from "../context.ts";
import type { ShownPerson } from "../filters.ts";

const MARK_TEXT: Record<MarkState, string> = {
  sending: "Saving…",
  waiting: "Not sent yet",
  held: "Not sent",
};

/** One person: name, categories and teams, shirt and time in; one tap marks present or not. */
export function PersonRow({ person }: { person: ShownPerson }) {
  const { dayEntry, keepInView, linkStopped, mark, now } = useDesk();
  const event = dayEntry.value?.event;
  const entries = person.categories.map((category, i) => {
    const team = event === undefined ? undefined : teamLabel(event, person.teams[i] ?? "");
    return `${categoryLabel(event?.display, category)}${team ? ` (${team})` : ""}`;
  });
  const timeIn = manilaStamp(person.timeIn, now.value);
  const id = useId();
  return (
    <li class={`person${person.present ? " in" : ""}${person.withdrawn ? " withdrawn" : ""}`}>
      <div class="who">
        <p class="name">
          {person.player}
          {person.withdrawn && <span class="badge">Withdrawn</span>}
        </p>
        {entries.length > 0 && <p class="details">{entries.join("; ")}</p>}
        <p class="details">
          {[person.shirt && `Shirt ${person.shirt}`, person.present && timeIn && `In at ${timeIn}`]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <div class="toggle">
        <label>
          <input
            type="checkbox"
            checked={person.present}
            disabled={linkStopped.value !== undefined}
            aria-describedby={person.mark ? `${id}-mark` : undefined}
            onChange={(event) => {
              keepInView(person.key);
              mark(person, event.currentTarget.checked);
            }}
          />
          <span class="visually-hidden">{person.player} </span>Present
        </label>
        {person.mark && (
          <span class={`mark-state ${person.mark}`} id={`${id}-mark`}>
            {MARK_TEXT[person.mark]}
          </span>
        )}
      </div>
    </li>
  );
}

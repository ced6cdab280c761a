import type { DayEntry } from "../../../lib/data/registry.ts";
import { useConsole } from "../../context.ts";
import { IssueLinkForm } from "./IssueLinkForm.tsx";
import { LinkCard } from "./LinkCard.tsx";
import { LinkList } from "./LinkList.tsx";

/** Desk and scorer links of the day: issue one, show it as an address and a QR code, see and revoke them. */
export function LinksView({ entry }: { entry: DayEntry }) {
  const { day, links } = useConsole();
  const { scoreEntry } = day;
  const { shown } = links;
  const card = shown.value;
  const desks = entry.event.attendance === "desks";
  const mode = scoreEntry.value?.scoreEntry;
  return (
    <div class="panels">
      {card !== undefined && card.day === entry.dayKey && <LinkCard link={card} entry={entry} />}
      <section class="panel" aria-labelledby="desk-heading">
        <h2 id="desk-heading">Desk links</h2>
        {desks ? (
          entry.day.date ? (
            <IssueLinkForm kind="desk" entry={entry} />
          ) : (
            <p class="notice">This day has no date in the registry, which a desk link needs.</p>
          )
        ) : (
          <p class="notice">
            {entry.event.attendance === "console"
              ? "This event takes attendance at the console, so desk links are off."
              : "This event takes no attendance, so there are no desk links."}{" "}
            Desk links need <code>"attendance": "desks"</code> in the registry.
          </p>
        )}
      </section>
      <section class="panel" aria-labelledby="scorer-heading">
        <h2 id="scorer-heading">Scorer links</h2>
        {mode === "links" ? (
          <IssueLinkForm kind="scorer" entry={entry} />
        ) : (
          <p class="notice">
            {mode === "console"
              ? "Scores for this event are entered by operators only, so scorer links are not issued. Switch score entry to scorer links under Run the day."
              : mode === null
                ? "Score entry is off for this event, so there are no scorer links."
                : "Reading the score-entry setting…"}
          </p>
        )}
      </section>
      <LinkList entry={entry} />
    </div>
  );
}

import { dayLabel } from "../../lib/manila-time.ts";
import { LinkSummary } from "../../lib/ui/LinkSummary.tsx";
import { useDesk } from "../context.ts";

/** The event, the day, and the desk link: who the desk is and until when it works. */
export function DayHeading({ title }: { title: string }) {
  const { dayEntry, expired, link, linkRefused } = useDesk();
  const entry = dayEntry.value;
  const desk = link.value;
  if (entry === undefined || desk === undefined) return null;
  const { event, eventKey, day } = entry;
  return (
    <div class="day-heading">
      <p class="event-title">{event.title ?? eventKey}</p>
      <h1>{title}</h1>
      <p class="day-name">
        {day.label}
        {day.date && ` · ${dayLabel(day.date)}`}
      </p>
      <LinkSummary link={desk} expired={expired.value} revoked={linkRefused.value?.revoked} />
    </div>
  );
}

import { hasExpired } from "../../lib/links/link-token.ts";
import { dayLabel } from "../../lib/manila-time.ts";
import { LinkSummary } from "../../lib/ui/LinkSummary.tsx";
import { LiveStatus } from "../../lib/ui/LiveStatus.tsx";
import { useScore } from "../context.ts";

/**
 * The event and day, the heading (when given), the scorer link (who, until when), and where the
 * scores come from. The match page shows it below the form, so the scores fit the first screen.
 */
export function ScoreHeading({ title }: { title?: string }) {
  const { dayEntry, entryMode, feed, link, now, retry } = useScore();
  const entry = dayEntry.value;
  const scorer = link.value;
  if (entry === undefined || scorer === undefined) return null;
  const { event, eventKey, day } = entry;
  return (
    <>
      <div class="day-heading">
        <p class="event-title">{event.title ?? eventKey}</p>
        {title !== undefined && <h1>{title}</h1>}
        <p class="day-name">
          {day.label}
          {day.date && ` · ${dayLabel(day.date)}`}
        </p>
        <LinkSummary link={scorer} expired={hasExpired(scorer, now.value)} />
      </div>
      {entryMode.value !== "links" && title !== undefined && (
        <p class="notice warn">
          The control desk enters scores today: scorer links are switched off for this event. Write the scores
          on the scoresheets.
        </p>
      )}
      <LiveStatus state={feed.value} onRetry={retry} now={now.value} />
    </>
  );
}

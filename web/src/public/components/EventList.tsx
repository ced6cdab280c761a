import { useEffect } from "preact/hooks";
import { daysByDate, listedEvents } from "../../lib/data/registry.ts";
import { dayLabel, manilaDate } from "../../lib/manila-time.ts";
import { usePublic } from "../context.ts";
import { Shell } from "./Shell.tsx";

/** Every event that is not archived, each with its days by date; today's day (Manila) is marked. */
export function EventList() {
  const { now, registry } = usePublic();
  useEffect(() => {
    document.title = "Tournament results";
  }, []);
  const events = registry.value === undefined ? [] : listedEvents(registry.value);
  const today = manilaDate(now.value);
  return (
    <Shell>
      <h1>Events</h1>
      {events.length === 0 && <p>No events are listed yet.</p>}
      {events.map(([key, event]) => (
        <section class="event" key={key} aria-labelledby={`event-${key}`}>
          <h2 id={`event-${key}`}>{event.title ?? key}</h2>
          <ul class="days">
            {daysByDate(event).map(([dayKey, day]) => (
              <li key={dayKey}>
                <a href={`?day=${encodeURIComponent(dayKey)}`}>
                  <span class="day-label">{day.label}</span>
                  <span class="day-date">
                    {day.date ? dayLabel(day.date, "short") : ""}
                    {day.date === today && <strong class="today"> Today</strong>}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Shell>
  );
}

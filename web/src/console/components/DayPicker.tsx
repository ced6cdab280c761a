import { useSignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import { daysByDate, dayToOpen, type Event, type EventType, type Registry } from "../../lib/data/registry.ts";
import { dayLabel, manilaDate } from "../../lib/manila-time.ts";
import { useConsole } from "../context.ts";
import { Shell } from "./Shell.tsx";

const TYPE_NAMES: Record<EventType, string> = {
  standard: "Standard event",
  "dual-meet": "Dual meet",
  team: "Team event",
};

/** The events the picker lists: not archived unless asked for, keys starting with `_` left out. */
function pickableEvents(known: Registry, withArchived: boolean): Array<[string, Event]> {
  return Object.entries(known.events).filter(
    ([key, event]) =>
      !key.startsWith("_") &&
      typeof event === "object" &&
      event !== null &&
      (withArchived || event.archived !== true),
  );
}

/**
 * The day to run: each event (by `title`) with its days by `date`. Archived events are hidden
 * unless asked for. Today's day in Manila is chosen; without one, the next day to come.
 */
export function DayPicker() {
  const { navigate, now, registry } = useConsole().app;
  const withArchived = useSignal(false);
  useEffect(() => {
    document.title = "Choose the day · Operator console";
  }, []);
  const known = registry.value as Registry;
  const events = pickableEvents(known, withArchived.value);
  const archived = Object.values(known.events).filter((event) => event?.archived === true).length;
  const today = manilaDate(now.value);
  const preselected = dayToOpen(
    events.flatMap(([, event]) => daysByDate(event)),
    today,
  );

  const submit = (event: globalThis.Event) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget as HTMLFormElement).get("day");
    if (typeof chosen === "string") navigate({ day: chosen, view: "run" });
  };
  return (
    <Shell>
      <h1>Choose the day to run</h1>
      <form onSubmit={submit}>
        {events.length === 0 && <p>No events are listed.</p>}
        {events.map(([key, event]) => (
          <fieldset class="event-days" key={key}>
            <legend>
              <span class="event-name">{event.title ?? key}</span>
              <span class="event-type">
                {TYPE_NAMES[event.type] ?? event.type}
                {event.archived === true && " · archived"}
              </span>
            </legend>
            {daysByDate(event).map(([dayKey, day]) => (
              <div class="choice" key={dayKey}>
                <input
                  type="radio"
                  name="day"
                  id={`day-${dayKey}`}
                  value={dayKey}
                  defaultChecked={dayKey === preselected}
                  required
                />
                <label for={`day-${dayKey}`}>
                  <span>{day.label}</span>
                  <span class="muted">
                    {day.date ? dayLabel(day.date) : "no date"}
                    {day.date === today && <strong class="today"> · today</strong>}
                  </span>
                </label>
              </div>
            ))}
          </fieldset>
        ))}
        {archived > 0 && (
          <div class="choice">
            <input
              type="checkbox"
              id="with-archived"
              checked={withArchived.value}
              onChange={(event) => {
                withArchived.value = (event.currentTarget as HTMLInputElement).checked;
              }}
            />
            <label for="with-archived">Show archived events ({archived})</label>
          </div>
        )}
        <button type="submit" class="primary">
          Run this day
        </button>
      </form>
    </Shell>
  );
}

import { usePublic } from "../context.ts";
import { DayPage } from "./DayPage.tsx";
import { EventList } from "./EventList.tsx";
import { Shell } from "./Shell.tsx";

export function App() {
  const { dayEntry, failure, place, registry } = usePublic();
  if (failure.value !== undefined) {
    return (
      <Shell>
        <p class="notice warn" role="alert">
          {failure.value}
        </p>
      </Shell>
    );
  }
  if (registry.value === undefined) {
    return (
      <Shell>
        <p aria-busy="true">Loading…</p>
      </Shell>
    );
  }
  if (place.value.day === undefined) return <EventList />;
  const entry = dayEntry.value;
  if (entry === undefined) {
    return (
      <Shell>
        <h1>This day is not listed</h1>
        <p>
          The organisers may have renamed or removed it. <a href="./">See every event and day</a>.
        </p>
      </Shell>
    );
  }
  return <DayPage entry={entry} />;
}

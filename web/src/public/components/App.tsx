import type { ComponentChildren } from "preact";
import { Shell as PageShell } from "../../lib/ui/Shell.tsx";
import { dayEntry, failure, place, registry } from "../store.ts";
import { DayPage } from "./DayPage.tsx";
import { EventList } from "./EventList.tsx";

/** The page frame: a skip link, the site name linking to the event list, and the main content. */
export function Shell({ children }: { children: ComponentChildren }) {
  return (
    <PageShell site="Tournament results" home="./" skip="Skip to results">
      {children}
    </PageShell>
  );
}

export function App() {
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

import { useEffect } from "preact/hooks";
import { manilaTime } from "../../lib/manila-time.ts";
import { useDisplay } from "../context.ts";
import { AloudToggle } from "./AloudToggle.tsx";
import { CallsScreen } from "./CallsScreen.tsx";
import { CourtsScreen } from "./CourtsScreen.tsx";
import { DrawScreen } from "./DrawScreen.tsx";
import { StandingsScreen, TeamsScreen } from "./StandingsScreen.tsx";

const KIND_NAMES = { courts: "Courts", standings: "Standings", teams: "Teams", draw: "Draw" } as const;

/**
 * The whole TV: the hall, the day, where the results come from and the time at the top, one
 * screen of the rotation, and at the bottom which screen it is, the event, and a bar that fills
 * until the next screen, with the "Calls aloud" toggle. A call to a court takes the screen's place
 * for its minute (the rotation goes on under it).
 */
export function App() {
  const {
    calls,
    dayEntry,
    failure,
    feed,
    hall: named,
    now,
    place,
    registry,
    screens,
    shown,
    visibility,
  } = useDisplay();
  const up = calls.value;
  const entry = dayEntry.value;
  const title = entry ? (entry.event.title ?? entry.eventKey) : "Hall display";
  const current = shown.value;
  const hall = current?.screen.facility ?? named.value ?? "";
  useEffect(() => {
    document.title = [hall, entry?.day.label, title].filter(Boolean).join(" · ");
  }, [hall, entry?.day.label, title]);
  const state = feed.value;
  const source = state?.source ?? "connecting";
  return (
    <div class="tv">
      <p class="tv-narrow">
        This page is made for a TV in the hall. On a phone,{" "}
        <a href={`../public/${place.day ? `?day=${encodeURIComponent(place.day)}` : ""}`}>
          open the live results
        </a>
        .
      </p>
      <header class="tv-bar">
        <h1>
          <span class="hall">{hall || entry?.day.label || "Hall display"}</span>
          {entry && hall && <span class="day">{entry.day.label}</span>}
        </h1>
        <p class={`source ${source}`} role="status">
          {source === "live" ? (
            <>
              <span class="dot" aria-hidden="true" /> Live
            </>
          ) : source === "published" ? (
            "Reconnecting · published results"
          ) : (
            "Connecting…"
          )}
          {state?.snapshot && (
            <span class="updated"> · updated {manilaTime(state.snapshot.generatedAt)}</span>
          )}
        </p>
        <p class="clock figures">{manilaTime(now.value)}</p>
      </header>
      <main class="tv-screen">
        {up.length > 0 && entry !== undefined ? (
          <CallsScreen calls={up} />
        ) : failure.value !== undefined ? (
          <p class="tv-message">{failure.value} Trying again by itself.</p>
        ) : registry.value === undefined ? (
          <p class="tv-message">Starting…</p>
        ) : place.day === undefined || entry === undefined ? (
          <p class="tv-message">
            This display's address names no day of the tournament. Open it again from the console.
          </p>
        ) : named.value === null ? (
          <p class="tv-message">
            This display's address names no hall of {entry.day.label}
            {entry.day.facilities.length > 0
              ? ` (its halls: ${entry.day.facilities.map(({ name }) => name).join(", ")})`
              : ""}
            . Open it again from the console.
          </p>
        ) : visibility.value?.shown === false ? (
          <p class="tv-message">Results for {entry.day.label} appear here when the organisers open them.</p>
        ) : current === undefined ? (
          <p class="tv-message">
            {state?.snapshot ? "No results for this hall yet." : "Waiting for the day's results…"}
          </p>
        ) : current.screen.kind === "courts" ? (
          <CourtsScreen screen={current.screen} event={entry.event} />
        ) : current.screen.kind === "standings" ? (
          <StandingsScreen screen={current.screen} event={entry.event} />
        ) : current.screen.kind === "teams" ? (
          <TeamsScreen screen={current.screen} event={entry.event} />
        ) : (
          <DrawScreen screen={current.screen} event={entry.event} />
        )}
      </main>
      <footer class="tv-foot">
        {current && (
          <p class="which">
            {KIND_NAMES[current.screen.kind]} · screen {current.number} of {screens.value.length}
          </p>
        )}
        {entry && <p class="event">{title}</p>}
        <AloudToggle />
        {current && (
          <div
            key={`${current.number}-${current.screen.kind}`}
            class="turn"
            style={{ animationDuration: `${place.seconds}s` }}
            aria-hidden="true"
          />
        )}
      </footer>
    </div>
  );
}

import { useEffect } from "preact/hooks";
import type { DayEntry } from "../../lib/data/registry.ts";
import { dayLabel } from "../../lib/manila-time.ts";
import { LiveStatus } from "../../lib/ui/LiveStatus.tsx";
import { usePublic } from "../context.ts";
import { Facilities } from "./Facilities.tsx";
import { MyPlayers } from "./MyPlayers.tsx";
import { NotLive } from "./NotLive.tsx";
import { PlayerPage } from "./PlayerPage.tsx";
import { PlayerSearch } from "./PlayerSearch.tsx";
import { ScoreAnnouncer } from "./ScoreAnnouncer.tsx";
import { Shell } from "./Shell.tsx";

/**
 * One day: its title, where the results come from, and once the day is shown the followed
 * players, the player search and the facilities' results; or a player's page.
 */
export function DayPage({ entry }: { entry: DayEntry }) {
  const { feed, now, place, retry, visibility: goLive } = usePublic();
  const { event, eventKey, day } = entry;
  const title = event.title ?? eventKey;
  useEffect(() => {
    document.title = `${day.label} · ${title}`;
  }, [day.label, title]);
  const state = feed.value;
  const snapshot = state?.snapshot;
  const label = snapshot?.label ?? day.label;
  const date = snapshot?.date ?? day.date;
  const visibility = goLive.value ?? { shown: false };
  return (
    <Shell>
      <div class="day-heading">
        <h1>
          <span class="event-title">{title}</span>
          <span class="day-name">{label}</span>
        </h1>
        {date && <p class="day-date">{dayLabel(date)}</p>}
      </div>
      <LiveStatus state={state} onRetry={retry} now={now.value} shown={visibility.shown} />
      {!visibility.shown ? (
        <NotLive label={label} opensAt={visibility.opensAt} />
      ) : snapshot !== undefined ? (
        place.value.player !== undefined ? (
          <PlayerPage playerKey={place.value.player} event={event} />
        ) : (
          <>
            <MyPlayers />
            <PlayerSearch />
            <Facilities snapshot={snapshot} event={event} />
          </>
        )
      ) : state?.unpublished ? (
        <p class="notice">
          No results have been published for this day yet. They will appear here by themselves.
        </p>
      ) : (
        <p aria-busy="true">Loading results…</p>
      )}
      {visibility.shown && <ScoreAnnouncer />}
    </Shell>
  );
}

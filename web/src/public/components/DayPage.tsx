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
 * players, the player search and the facilities' results; or a player's page. It reads only what
 * changes rarely (whether the day is shown, whether its results are here); the parts that show a
 * score read the results themselves, so a score arriving draws them alone.
 */
export function DayPage({ entry }: { entry: DayEntry }) {
  const { heading, place, results, visibility } = usePublic();
  const { event, eventKey } = entry;
  const title = event.title ?? eventKey;
  const { label, date } = heading.value ?? entry.day;
  useEffect(() => {
    document.title = `${label} · ${title}`;
  }, [label, title]);
  const goLive = visibility.value ?? { shown: false };
  return (
    <Shell>
      <div class="day-heading">
        <h1>
          <span class="event-title">{title}</span>
          <span class="day-name">{label}</span>
        </h1>
        {date && <p class="day-date">{dayLabel(date)}</p>}
      </div>
      <DayStatus shown={goLive.shown} />
      {!goLive.shown ? (
        <NotLive label={label} opensAt={goLive.opensAt} />
      ) : results.value === "here" ? (
        place.value.player !== undefined ? (
          <PlayerPage playerKey={place.value.player} event={event} />
        ) : (
          <>
            <MyPlayers />
            <PlayerSearch />
            <Facilities event={event} />
          </>
        )
      ) : results.value === "unpublished" ? (
        <p class="notice">
          No results have been published for this day yet. They will appear here by themselves.
        </p>
      ) : (
        <p aria-busy="true">Loading results…</p>
      )}
      {goLive.shown && <ScoreAnnouncer />}
    </Shell>
  );
}

/** Where the day's results come from and how fresh they are: drawn again with every message. */
function DayStatus({ shown }: { shown: boolean }) {
  const { feed, now, retry } = usePublic();
  return <LiveStatus state={feed.value} onRetry={retry} now={now.value} shown={shown} />;
}

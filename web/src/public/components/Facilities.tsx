import { Component } from "preact";
import { brackets } from "../../lib/data/bracket.ts";
import { facilityMatches } from "../../lib/data/players.ts";
import type { Event } from "../../lib/data/registry.ts";
import type { FacilitySnapshot } from "../../lib/data/snapshot.ts";
import { useMedia } from "../../lib/ui/media.ts";
import { panelId, Tabs, tabId } from "../../lib/ui/Tabs.tsx";
import { usePublic } from "../context.ts";
import type { PublicStore, View } from "../store.ts";
import { Brackets } from "./Brackets.tsx";
import { CourtsView } from "./CourtsView.tsx";
import { Freshness } from "./Freshness.tsx";
import { MatchList } from "./MatchList.tsx";
import { Roster } from "./Roster.tsx";
import { Standings } from "./Standings.tsx";

const VIEW_LABELS: Record<View, string> = {
  matches: "Matches",
  courts: "Courts",
  standings: "Standings",
  draw: "Draw",
  teams: "Teams",
};

/**
 * One tab per facility; the chosen facility's freshness, then one of its views: matches, courts
 * now and next, standings, the knockout draw (when it has one), teams (team events). On a wide
 * screen the matches come with the standings beside them. Drawn again with each day's message.
 */
export function Facilities({ event }: { event: Event }) {
  const { choose, feed, place } = usePublic();
  /** A screen wide enough to show matches and standings side by side. */
  const wide = useMedia("(min-width: 64rem)");
  const snapshot = feed.value?.snapshot;
  if (snapshot === undefined) return null;
  const facilities = snapshot.facilities;
  if (facilities.length === 0) return <p class="notice">This day has no halls yet.</p>;
  const chosen =
    facilities.find((f) => f.name === place.value.facility) ?? (facilities[0] as FacilitySnapshot);
  const index = facilities.indexOf(chosen);
  const matches = facilityMatches(chosen, event.display);
  const drawn = brackets(matches, event.display);
  const views: View[] = ["matches", "courts"];
  if (!wide) views.push("standings");
  if (drawn.length > 0) views.push("draw");
  if (event.type === "team" && !wide) views.push("teams");
  const view = views.includes(place.value.view) ? place.value.view : "matches";
  const show = (name: View) =>
    name === "matches" ? (
      <MatchList facility={chosen.name} matches={matches} event={event} date={snapshot.date} />
    ) : name === "courts" ? (
      <CourtsView facility={chosen.name} matches={matches} event={event} date={snapshot.date} />
    ) : name === "standings" ? (
      <Standings csv={chosen.standingsCsv} matches={matches} event={event} />
    ) : name === "draw" ? (
      <Brackets facility={chosen.name} brackets={drawn} event={event} />
    ) : (
      <Roster csv={chosen.rosterCsv ?? ""} event={event} />
    );
  return (
    <>
      {facilities.length > 1 && <HallTabs halls={facilities} selected={chosen.name} choose={choose} />}
      <section
        class="facility"
        {...(facilities.length > 1
          ? { role: "tabpanel", id: panelId("facility", index), "aria-labelledby": tabId("facility", index) }
          : { "aria-label": chosen.name })}
      >
        <Freshness facility={chosen} />
        {chosen.status !== "skipped" && (
          <>
            <fieldset class="views">
              <legend class="visually-hidden">Show</legend>
              {views.map((name) => (
                <button
                  key={name}
                  type="button"
                  aria-pressed={name === view}
                  onClick={() => choose({ view: name })}
                >
                  {wide && name === "matches" ? "Matches and standings" : VIEW_LABELS[name]}
                </button>
              ))}
            </fieldset>
            {wide && view === "matches" ? (
              <div class="columns">
                <div>
                  <h2 class="column">Matches</h2>
                  {show("matches")}
                </div>
                <div>
                  <h2 class="column">Standings</h2>
                  {show("standings")}
                  {event.type === "team" && (
                    <>
                      <h2 class="column">Teams</h2>
                      {show("teams")}
                    </>
                  )}
                </div>
              </div>
            ) : (
              <>
                <h2 class="visually-hidden">{VIEW_LABELS[view]}</h2>
                {show(view)}
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}

interface HallTabsProps {
  halls: readonly FacilitySnapshot[];
  selected: string;
  choose: PublicStore["choose"];
}

/** The halls' tabs, drawn again only when a hall's name or status changes, not with every score. */
class HallTabs extends Component<HallTabsProps> {
  override shouldComponentUpdate({ halls, selected, choose }: HallTabsProps): boolean {
    const before = this.props;
    return (
      selected !== before.selected ||
      choose !== before.choose ||
      halls.length !== before.halls.length ||
      halls.some((hall, i) => hall.name !== before.halls[i]?.name || hall.status !== before.halls[i]?.status)
    );
  }

  override render({ halls, selected, choose }: HallTabsProps) {
    return (
      <Tabs
        label="Halls"
        idPrefix="facility"
        selected={selected}
        onSelect={(facility) => choose({ facility })}
        tabs={halls.map((f) => ({
          id: f.name,
          label: f.name,
          ...(f.status === "stale" ? { mark: "!", hint: "results may be out of date" } : {}),
          ...(f.status === "skipped" ? { hint: "no results published" } : {}),
        }))}
      />
    );
  }
}

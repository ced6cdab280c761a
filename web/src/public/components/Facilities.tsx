import type { Event } from "../../lib/data/registry.ts";
import type { DaySnapshot, FacilitySnapshot } from "../../lib/data/snapshot.ts";
import { panelId, Tabs, tabId } from "../../lib/ui/Tabs.tsx";
import { choose, place, type View } from "../store.ts";
import { Freshness } from "./Freshness.tsx";
import { MatchList } from "./MatchList.tsx";
import { Roster } from "./Roster.tsx";
import { Standings } from "./Standings.tsx";

const VIEW_LABELS: Record<View, string> = { matches: "Matches", standings: "Standings", teams: "Teams" };

/** One tab per facility; the chosen facility's freshness, then its matches, standings or teams. */
export function Facilities({ snapshot, event }: { snapshot: DaySnapshot; event: Event }) {
  const facilities = snapshot.facilities;
  if (facilities.length === 0) return <p class="notice">This day has no halls yet.</p>;
  const chosen =
    facilities.find((f) => f.name === place.value.facility) ?? (facilities[0] as FacilitySnapshot);
  const index = facilities.indexOf(chosen);
  const views: View[] = event.type === "team" ? ["matches", "standings", "teams"] : ["matches", "standings"];
  const view = views.includes(place.value.view) ? place.value.view : "matches";
  return (
    <>
      {facilities.length > 1 && (
        <Tabs
          label="Halls"
          idPrefix="facility"
          selected={chosen.name}
          onSelect={(facility) => choose({ facility })}
          tabs={facilities.map((f) => ({
            id: f.name,
            label: f.name,
            ...(f.status === "stale" ? { mark: "!", hint: "results may be out of date" } : {}),
            ...(f.status === "skipped" ? { hint: "no results published" } : {}),
          }))}
        />
      )}
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
                  {VIEW_LABELS[name]}
                </button>
              ))}
            </fieldset>
            {view === "matches" && <MatchList csv={chosen.matchesCsv} event={event} date={snapshot.date} />}
            {view === "standings" && <Standings csv={chosen.standingsCsv} event={event} />}
            {view === "teams" && <Roster csv={chosen.rosterCsv ?? ""} event={event} />}
          </>
        )}
      </section>
    </>
  );
}

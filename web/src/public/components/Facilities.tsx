import type { Event } from "../../lib/data/registry.ts";
import type { DaySnapshot, FacilitySnapshot } from "../../lib/data/snapshot.ts";
import { useMedia } from "../../lib/ui/media.ts";
import { panelId, Tabs, tabId } from "../../lib/ui/Tabs.tsx";
import { usePublic } from "../context.ts";
import type { View } from "../store.ts";
import { Freshness } from "./Freshness.tsx";
import { MatchList } from "./MatchList.tsx";
import { Roster } from "./Roster.tsx";
import { Standings } from "./Standings.tsx";

const VIEW_LABELS: Record<View, string> = { matches: "Matches", standings: "Standings", teams: "Teams" };

/**
 * One tab per facility; the chosen facility's freshness, then its matches, standings or teams: one
 * at a time on a phone, side by side on a wide screen.
 */
export function Facilities({ snapshot, event }: { snapshot: DaySnapshot; event: Event }) {
  const { choose, place } = usePublic();
  /** A screen wide enough to show matches and standings side by side. */
  const wide = useMedia("(min-width: 64rem)");
  const show = (facility: FacilitySnapshot, name: View) =>
    name === "matches" ? (
      <MatchList csv={facility.matchesCsv} event={event} date={snapshot.date} />
    ) : name === "standings" ? (
      <Standings csv={facility.standingsCsv} event={event} />
    ) : (
      <Roster csv={facility.rosterCsv ?? ""} event={event} />
    );
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
        {chosen.status !== "skipped" &&
          (wide ? (
            <div class="columns">
              <div>
                <h2 class="column">Matches</h2>
                {show(chosen, "matches")}
              </div>
              <div>
                <h2 class="column">Standings</h2>
                {show(chosen, "standings")}
                {event.type === "team" && (
                  <>
                    <h2 class="column">Teams</h2>
                    {show(chosen, "teams")}
                  </>
                )}
              </div>
            </div>
          ) : (
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
              <h2 class="visually-hidden">{VIEW_LABELS[view]}</h2>
              {show(chosen, view)}
            </>
          ))}
      </section>
    </>
  );
}

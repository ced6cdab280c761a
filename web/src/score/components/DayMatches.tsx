import type { Match } from "../../lib/data/matches.ts";
import { matchesOf } from "../../lib/data/matches.ts";
import { panelId, Tabs, tabId } from "../../lib/ui/Tabs.tsx";
import { useScore } from "../context.ts";
import { MatchNumberForm } from "./MatchNumberForm.tsx";
import { ScoreHeading } from "./ScoreHeading.tsx";

/** The day's facilities (a tab each) and the chosen one's matches, each a big link to its score form. */
export function DayMatches() {
  const { feed, go, shownFacility } = useScore();
  const snapshot = feed.value?.snapshot;
  const facilities = snapshot?.facilities.filter((f) => f.status !== "skipped") ?? [];
  const chosen = shownFacility.value;
  return (
    <>
      <ScoreHeading title="Enter scores" />
      {snapshot === undefined ? (
        feed.value?.unpublished ? (
          <p class="notice">
            This day’s schedule has not been published yet. It appears here when the control desk syncs the
            day.
          </p>
        ) : (
          <p aria-busy="true">Loading the schedule…</p>
        )
      ) : chosen === undefined || facilities.length === 0 ? (
        <p class="notice">This day has no halls with matches yet.</p>
      ) : (
        <>
          {facilities.length > 1 && (
            <Tabs
              label="Halls"
              idPrefix="hall"
              selected={chosen.name}
              onSelect={(facility) => go({ facility, match: undefined })}
              tabs={facilities.map((f) => ({ id: f.name, label: f.name }))}
            />
          )}
          <section
            class="hall"
            {...(facilities.length > 1
              ? {
                  role: "tabpanel",
                  id: panelId("hall", facilities.indexOf(chosen)),
                  "aria-labelledby": tabId("hall", facilities.indexOf(chosen)),
                }
              : { "aria-label": chosen.name })}
          >
            <MatchNumberForm facility={chosen.name} />
            <MatchButtons facility={chosen.name} matches={matchesOf(chosen.matchesCsv)} />
          </section>
        </>
      )}
    </>
  );
}

function MatchButtons({ facility, matches }: { facility: string; matches: Match[] }) {
  const { go } = useScore();
  if (matches.length === 0) return <p class="notice">{facility} has no matches on this day.</p>;
  return (
    <ul class="match-links">
      {matches.map((match) => {
        const query = new URLSearchParams({ facility, match: match.matchNumber });
        const scored = match.team1Score !== "" || match.team2Score !== "";
        return (
          <li key={match.key}>
            <a
              href={`?${query}`}
              onClick={(event) => {
                event.preventDefault();
                go({ facility, match: match.matchNumber });
              }}
            >
              <span class="match-line">
                <strong>Match {match.matchNumber}</strong>
                <span>{[match.time, match.court].filter(Boolean).join(" · ")}</span>
              </span>
              <span class="match-sides">
                {match.team1 || match.teamCode1} v {match.team2 || match.teamCode2}
              </span>
              <span class={`match-score figures${scored ? "" : " unscored"}`}>
                {scored ? `${match.team1Score}–${match.team2Score}` : "no score yet"}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

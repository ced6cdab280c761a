import { clubLabel, teamColour, teamOf } from "../../lib/data/labels.ts";
import { type Match, matchesOf } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import { dayLabel } from "../../lib/manila-time.ts";
import { MatchRow } from "./MatchRow.tsx";

interface Group {
  key: string;
  matches: Match[];
}

/**
 * A facility's matches in time and court order, under one heading per start time; a team event's
 * matches under one heading per tie instead, with the tie's score.
 */
export function MatchList({ csv, event, date }: { csv: string; event: Event; date: string | null }) {
  const matches = matchesOf(csv);
  if (matches.length === 0) return <p>No matches are scheduled here yet.</p>;
  const groups = event.type === "team" ? ties(matches) : startTimes(matches, date);
  return (
    <div class="matches">
      {groups.map((group) => (
        <section key={group.key} aria-label={event.type === "team" ? undefined : `Matches at ${group.key}`}>
          {event.type === "team" ? (
            <TieHeading matches={group.matches} event={event} />
          ) : (
            <h3 class="slot">{group.key}</h3>
          )}
          <ul>
            {group.matches.map((match) => (
              <MatchRow key={match.matchNumber || match.key} match={match} event={event} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Start times; a match on another date than the day's (a rescheduled one) says which. */
function startTimes(matches: Match[], date: string | null): Group[] {
  return groupBy(matches, (match) => {
    const day = match.date && match.date !== date ? dayLabel(match.date, "short") : "";
    return [day, match.time].filter(Boolean).join(" ") || "Time to be announced";
  });
}

/** A team event's ties: its matches grouped by the two teams playing, whichever side each is on. */
function ties(matches: Match[]): Group[] {
  return groupBy(matches, (match) => [teamOf(match.teamCode1), teamOf(match.teamCode2)].sort().join(" v "));
}

function groupBy(matches: Match[], keyOf: (match: Match) => string): Group[] {
  const groups = new Map<string, Match[]>();
  for (const match of matches) {
    const key = keyOf(match);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [match]);
    else group.push(match);
  }
  return [...groups].map(([key, list]) => ({ key, matches: list }));
}

/**
 * A tie's teams and score. `teamScoring` `games` counts the matches each team won; `points` (the
 * default, and any other value) adds up the points each team scored (docs/pages.md).
 */
function TieHeading({ matches, event }: { matches: Match[]; event: Event }) {
  const first = matches[0] as Match;
  const [home, away] = [teamOf(first.teamCode1), teamOf(first.teamCode2)];
  const games = event.teamScoring === "games";
  const total = { [home]: 0, [away]: 0 };
  for (const match of matches) {
    const sides: Array<[string, string, boolean]> = [
      [teamOf(match.teamCode1), match.team1Score, match.winner === 1],
      [teamOf(match.teamCode2), match.team2Score, match.winner === 2],
    ];
    for (const [team, score, won] of sides) {
      total[team] = (total[team] ?? 0) + (games ? Number(won) : Number(/^\d+$/.test(score) ? score : 0));
    }
  }
  const name = (team: string) => (
    <span class="tie-team">
      {teamColour(event.display, team) && (
        <span class="swatch" style={{ background: teamColour(event.display, team) }} aria-hidden="true" />
      )}
      {clubLabel(event.display, team)}
    </span>
  );
  return (
    <h3 class="tie">
      {name(home)}
      <span class="tie-score figures">
        {" "}
        {total[home]} – {total[away]}{" "}
      </span>
      {name(away)}
      <span class="tie-unit">{games ? "matches won" : "points"}</span>
    </h3>
  );
}

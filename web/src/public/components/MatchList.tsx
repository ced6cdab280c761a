import { Component } from "preact";
import { useMemo } from "preact/hooks";
import { clubLabel, teamColour } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import { type Tie, ties } from "../../lib/data/ties.ts";
import { dayLabel } from "../../lib/manila-time.ts";
import { usePublic } from "../context.ts";
import type { FreshScores } from "../fresh-scores.ts";
import { MatchRow } from "./MatchRow.tsx";

interface Group {
  key: string;
  matches: Match[];
  tie?: Tie;
}

/**
 * A facility's matches in time and court order, under one heading per start time; a team event's
 * matches under one heading per tie instead, with the tie's score.
 */
export function MatchList({
  facility,
  matches,
  event,
  date,
}: {
  facility: string;
  matches: Match[];
  event: Event;
  date: string | null;
}) {
  const { fresh } = usePublic();
  // Grouped again only when the matches change, not when a mark comes or goes.
  const groups = useMemo<Group[]>(
    () =>
      event.type === "team"
        ? ties(matches, event.teamScoring).map((tie) => ({ key: tie.key, matches: tie.matches, tie }))
        : startTimes(matches, date),
    [matches, event, date],
  );
  if (matches.length === 0) return <p>No matches are scheduled here yet.</p>;
  return (
    <div class="matches">
      {groups.map((group) => (
        <MatchGroup key={group.key} group={group} event={event} facility={facility} fresh={fresh} />
      ))}
    </div>
  );
}

interface MatchGroupProps {
  group: Group;
  event: Event;
  facility: string;
  fresh: Pick<FreshScores, "marked">;
}

/**
 * One start time's (or tie's) matches. Drawn again only when one of its matches changed: a score
 * arriving in a 300-match hall goes through one group's rows, not every row of the hall.
 */
class MatchGroup extends Component<MatchGroupProps> {
  override shouldComponentUpdate(next: MatchGroupProps): boolean {
    const [before, after] = [this.props.group.matches, next.group.matches];
    return (
      next.event !== this.props.event ||
      next.facility !== this.props.facility ||
      before.length !== after.length ||
      after.some((match, i) => match !== before[i])
    );
  }

  override render({ group, event, facility, fresh }: MatchGroupProps) {
    return (
      <section aria-label={group.tie ? undefined : `Matches at ${group.key}`}>
        {group.tie ? <TieHeading tie={group.tie} event={event} /> : <h3 class="slot">{group.key}</h3>}
        <ul>
          {group.matches.map((match) => (
            <MatchRow
              key={`${facility}#${match.matchNumber || match.key}`}
              match={match}
              event={event}
              facility={facility}
              fresh={fresh}
            />
          ))}
        </ul>
      </section>
    );
  }
}

/** Start times; a match on another date than the day's (a rescheduled one) says which. */
function startTimes(matches: Match[], date: string | null): Group[] {
  const groups = new Map<string, Match[]>();
  for (const match of matches) {
    const day = match.date && match.date !== date ? dayLabel(match.date, "short") : "";
    const key = [day, match.time].filter(Boolean).join(" ") || "Time to be announced";
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [match]);
    else group.push(match);
  }
  return [...groups].map(([key, list]) => ({ key, matches: list }));
}

/** A tie's teams and score, by the event's `teamScoring` (`lib/data/ties.ts`). */
function TieHeading({ tie, event }: { tie: Tie; event: Event }) {
  const { home, away, score } = tie;
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
        {score[home]} – {score[away]}{" "}
      </span>
      {name(away)}
      <span class="tie-unit">{event.teamScoring === "games" ? "matches won" : "points"}</span>
    </h3>
  );
}

import { Component } from "preact";
import { useMemo } from "preact/hooks";
import { clubLabel, teamColour } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import { type Tie, ties } from "../../lib/data/ties.ts";
import type { LiveScores } from "../../lib/live/live-scores.ts";
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
  const { fresh, live } = usePublic();
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
        <MatchGroup
          key={group.key}
          group={group}
          event={event}
          facility={facility}
          fresh={fresh}
          live={live}
        />
      ))}
    </div>
  );
}

interface MatchGroupProps {
  group: Group;
  event: Event;
  facility: string;
  fresh: Pick<FreshScores, "marked">;
  live: Pick<LiveScores, "of">;
}

/**
 * One start time's (or tie's) matches, one list of them cut into runs. Drawn again only when one of
 * its matches changed: a score arriving in a 300-match hall goes through one group's runs, not
 * every row of the hall.
 */
class MatchGroup extends Component<MatchGroupProps> {
  override shouldComponentUpdate(next: MatchGroupProps): boolean {
    return !drawsTheSame(this.props, next, this.props.group.matches, next.group.matches);
  }

  override render({ group, event, facility, fresh, live }: MatchGroupProps) {
    return (
      <section aria-label={group.tie ? undefined : `Matches at ${group.key}`}>
        {group.tie ? <TieHeading tie={group.tie} event={event} /> : <h3 class="slot">{group.key}</h3>}
        {/* biome-ignore lint/a11y/useSemanticElements: a <ul> cannot hold the runs between it and its items. */}
        <div role="list">
          {runs(group.matches).map((run, i) => (
            <MatchRun key={i} matches={run} event={event} facility={facility} fresh={fresh} live={live} />
          ))}
        </div>
      </section>
    );
  }
}

/** The most rows one {@link MatchRun} draws. */
const RUN = 20;
/** A row's height on a phone, for a run never drawn yet. */
const ROW_REM = 5.5;

/** `matches` cut into runs of {@link RUN}, in order. */
const runs = (matches: Match[]) =>
  Array.from({ length: Math.ceil(matches.length / RUN) }, (_, i) => matches.slice(i * RUN, (i + 1) * RUN));

interface MatchRunProps {
  matches: Match[];
  event: Event;
  facility: string;
  fresh: Pick<FreshScores, "marked">;
  live: Pick<LiveScores, "of">;
}

/**
 * A run of a group's rows, drawn again only when one of its matches changed: a start time with
 * 300 matches (every court's queue at 09:00) goes through the changed match's run, not 300 rows.
 * The run is what the browser skips while it is off screen (`.match-run` in results.css), sized
 * meanwhile as it last was or, never drawn, {@link ROW_REM} a row. Its element has no role
 * (`role="none"`, for browsers that would otherwise make a section of it), so its rows are the
 * group list's own items.
 */
class MatchRun extends Component<MatchRunProps> {
  override shouldComponentUpdate(next: MatchRunProps): boolean {
    return !drawsTheSame(this.props, next, this.props.matches, next.matches);
  }

  override render({ matches, event, facility, fresh, live }: MatchRunProps) {
    return (
      <div
        role="none"
        class="match-run"
        style={{ containIntrinsicBlockSize: `auto ${matches.length * ROW_REM}rem` }}
      >
        {matches.map((match) => (
          <MatchRow
            key={`${facility}#${match.matchNumber || match.key}`}
            match={match}
            event={event}
            facility={facility}
            fresh={fresh}
            live={live}
          />
        ))}
      </div>
    );
  }
}

/** Whether two lists of a facility's matches draw the same: the same event, and the same matches in order. */
function drawsTheSame(
  before: { event: Event; facility: string },
  after: { event: Event; facility: string },
  matchesBefore: Match[],
  matchesAfter: Match[],
): boolean {
  return (
    after.event === before.event &&
    after.facility === before.facility &&
    matchesAfter.length === matchesBefore.length &&
    matchesAfter.every((match, i) => match === matchesBefore[i])
  );
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

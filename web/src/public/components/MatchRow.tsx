import { computed, signal } from "@preact/signals";
import { Component } from "preact";
import { matchStateWords } from "../../lib/courts/live-words.ts";
import { categoryLabel, clubLabel, pairLabel, teamColour, teamOf } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import type { LiveScores } from "../../lib/live/live-scores.ts";
import { type FreshScores, freshKey } from "../fresh-scores.ts";

interface MatchRowProps {
  match: Match;
  event: Event;
  facility: string;
  /** The scores that just arrived (`fresh-scores.ts`): this match's is marked while it is among them. */
  fresh: Pick<FreshScores, "marked">;
  /** The live points: this match's is shown while it is played. */
  live: Pick<LiveScores, "of">;
}

/**
 * One match, an item of its start time's list: court, category and round, then each side's
 * players and score, the winner in bold. Drawn again only when its row of the CSV changed, so a
 * score arriving in a 300-match hall redraws one match. Scores keep a fixed width, so nothing moves
 * when one arrives; the mark of a score that just arrived is a background colour, so it moves
 * nothing either. The mark is bound to the class of the row's content directly: marking one match
 * redraws no list. Its live score ("live 15–12 · game 2", or "called to Court 3" before the first
 * point) is bound the same way: a point redraws that line's text alone.
 */
export class MatchRow extends Component<MatchRowProps> {
  private readonly marked = computed(() =>
    this.props.fresh.marked(freshKey(this.props.facility, this.props.match.matchNumber)).value
      ? "match-body fresh"
      : "match-body",
  );

  /** The match as last drawn, for {@link MatchRow.playState}: a result ends its live words. */
  private readonly drawn = signal(this.props.match);
  private readonly playState = computed(
    () =>
      matchStateWords(
        this.drawn.value,
        this.props.live.of(this.props.facility, this.props.match.matchNumber).value,
      ) ?? "",
  );

  override shouldComponentUpdate(next: MatchRowProps): boolean {
    return next.match !== this.props.match || next.event !== this.props.event;
  }

  override render({ match, event }: MatchRowProps) {
    this.drawn.value = match;
    // A team event's match is one pair against the same pair of the other team: the pair names it.
    const category =
      event.type === "team"
        ? (pairLabel(event.display, match.teamCode1)?.full ?? match.category)
        : match.category && categoryLabel(event.display, match.category);
    const where =
      event.type === "team" ? [match.time, match.court, category] : [match.court, category, match.round];
    return (
      // biome-ignore lint/a11y/useSemanticElements: an item of a list whose runs a <ul> cannot hold (MatchList.tsx).
      <div role="listitem" class="match">
        <div class={this.marked}>
          <p class="match-meta">
            <span>
              <span class="visually-hidden">Match {match.matchNumber}: </span>
              {where.filter(Boolean).join(" · ")}
            </span>
            <span class="live-score figures">{this.playState}</span>
            <span class="number" aria-hidden="true">
              #{match.matchNumber}
            </span>
          </p>
          <Side match={match} side={1} event={event} />
          <Side match={match} side={2} event={event} />
        </div>
      </div>
    );
  }
}

function Side({ match, side, event }: { match: Match; side: 1 | 2; event: Event }) {
  const [players, code, score] =
    side === 1
      ? [match.team1, match.teamCode1, match.team1Score]
      : [match.team2, match.teamCode2, match.team2Score];
  const won = match.winner === side;
  return (
    <div class={won ? "side won" : "side"}>
      <p class="players">
        {players || code || "To be decided"}
        <TeamLine code={code} event={event} />
      </p>
      <p class="score figures">
        {score === "" ? <span aria-hidden="true">–</span> : score}
        {won && <span class="visually-hidden"> (winner)</span>}
      </p>
    </div>
  );
}

/** Under the players: the club of a dual meet, the team (in its colour) of a team event. */
function TeamLine({ code, event }: { code: string; event: Event }) {
  if (code === "" || event.type === "standard") return null;
  const team = teamOf(code);
  if (event.type === "dual-meet") return <span class="team">{clubLabel(event.display, team)}</span>;
  const colour = teamColour(event.display, team);
  return (
    <span class="team">
      {colour && <span class="swatch" style={{ background: colour }} aria-hidden="true" />}
      {clubLabel(event.display, team)}
    </span>
  );
}

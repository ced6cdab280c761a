import { matchStateWords } from "../../lib/courts/live-words.ts";
import { type CourtNow, courtsNow } from "../../lib/data/courts.ts";
import { categoryLabel, pairLabel } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import { usePublic } from "../context.ts";
import { freshKey } from "../fresh-scores.ts";
import "./courts.css";

/**
 * Each court of a facility: the match on it now, the next one, and its last result (the rule is
 * `lib/data/courts.ts`). Follows the time: a match comes on court when its time comes, and leaves
 * it when its score arrives.
 */
export function CourtsView({
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
  const { fresh, live, now } = usePublic();
  const courts = courtsNow(matches, date, now.value, live.inPlay.value.get(facility));
  if (courts.length === 0) return <p>No matches are on a court here yet.</p>;
  const marked = fresh.fresh.value;
  return (
    <ul class="courts">
      {courts.map((court) => (
        <CourtCard
          key={court.court}
          court={court}
          event={event}
          facility={facility}
          fresh={court.last !== undefined && marked.has(freshKey(facility, court.last.matchNumber))}
        />
      ))}
    </ul>
  );
}

/** The words that say what a match is: its category (or pair) and round. */
export function matchWhat(match: Match, event: Event): string {
  const category =
    event.type === "team"
      ? (pairLabel(event.display, match.teamCode1)?.full ?? match.category)
      : match.category && categoryLabel(event.display, match.category);
  return [category, match.round].filter(Boolean).join(" · ");
}

const sides = (match: Match) => [
  match.team1 || match.teamCode1 || "To be decided",
  match.team2 || match.teamCode2 || "To be decided",
];

function CourtCard({
  court,
  event,
  facility,
  fresh,
}: {
  court: CourtNow;
  event: Event;
  facility: string;
  fresh: boolean;
}) {
  const { onCourt, next, last, later } = court;
  const { live } = usePublic();
  const state = onCourt && matchStateWords(onCourt, live.of(facility, onCourt.matchNumber).value);
  const id = `court-${court.court.replace(/\W+/g, "-")}`;
  return (
    <li class="court" aria-labelledby={id}>
      <h3 id={id}>{court.court}</h3>
      <div class="now">
        <p class={onCourt ? "label on" : "label"}>{onCourt ? "On court" : "Free"}</p>
        {onCourt ? (
          <>
            <MatchLine match={onCourt} event={event} />
            {state && <p class="live-score figures">{state}</p>}
          </>
        ) : (
          <p class="muted">
            {next ? `Next match at ${next.time || "a time to be announced"}.` : "No more matches here."}
          </p>
        )}
      </div>
      <div class="next">
        <p class="label">
          Next
          {later > 0 && (
            <span class="later"> · then {later === 1 ? "1 more match" : `${later} more matches`}</span>
          )}
        </p>
        {next ? <MatchLine match={next} event={event} /> : <p class="muted">Nothing more scheduled.</p>}
      </div>
      <div class={fresh ? "last fresh" : "last"}>
        <p class="label">Last result</p>
        {last ? <ResultLine match={last} /> : <p class="muted">None yet.</p>}
      </div>
    </li>
  );
}

function MatchLine({ match, event }: { match: Match; event: Event }) {
  const [one, two] = sides(match);
  return (
    <p class="match-line">
      <span class="meta">
        {[match.time, matchWhat(match, event)].filter(Boolean).join(" · ")}
        <span class="visually-hidden">, match {match.matchNumber}</span>
      </span>
      <span class="players">
        {one} <span class="versus">v</span> {two}
      </span>
    </p>
  );
}

function ResultLine({ match }: { match: Match }) {
  const [one, two] = sides(match);
  const winner = match.winner;
  return (
    <p class="match-line result">
      {([1, 2] as const).map((side) => (
        <span key={side} class={winner === side ? "won" : undefined}>
          <span class="name">{side === 1 ? one : two}</span>{" "}
          <span class="figures">{(side === 1 ? match.team1Score : match.team2Score) || "–"}</span>
          {winner === side && <span class="visually-hidden"> (winner)</span>}
        </span>
      ))}
    </p>
  );
}

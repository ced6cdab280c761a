import type { JSX } from "preact";
import { useEffect } from "preact/hooks";
import { matchStateWords } from "../../lib/courts/live-words.ts";
import { categoryLabel } from "../../lib/data/labels.ts";
import { playerStandings } from "../../lib/data/player-standings.ts";
import { type EventDay, type Player, type PlayerMatch, playerNow } from "../../lib/data/players.ts";
import type { Event } from "../../lib/data/registry.ts";
import { dayLabel, manilaDate } from "../../lib/manila-time.ts";
import { usePublic } from "../context.ts";
import { freshKey } from "../fresh-scores.ts";
import { queryOf } from "../place.ts";
import { matchWhat } from "./CourtsView.tsx";
import { FollowButton } from "./FollowButton.tsx";
import { nextWords, opponents, recordWords, whenAndWhere } from "./player-words.ts";
import "./players.css";

/**
 * A player's page: their next match (on court now, or when and where), their standing in each
 * category, and every match of theirs across the event's halls and days with its result. Follow
 * keeps them at the top of the day on this phone.
 */
export function PlayerPage({ playerKey, event }: { playerKey: string; event: Event }) {
  const { dayEntry, openPlayer, place, players } = usePublic();
  const entry = dayEntry.value;
  const player = players.player(playerKey);
  useEffect(() => {
    if (player !== undefined && entry !== undefined)
      document.title = `${player.name} · ${entry.event.title ?? entry.eventKey}`;
  }, [player?.name, entry]);
  const back = (
    <a
      class="back"
      href={queryOf({ ...place.value, player: undefined })}
      onClick={(event) => {
        event.preventDefault();
        openPlayer(undefined);
      }}
    >
      Back to the day
    </a>
  );
  if (player === undefined) {
    return (
      <section class="player">
        {back}
        <h2>Player not found</h2>
        <p>
          No match of this event's days shown now names this player. The organisers may have changed the name
          on the sheet: look for them with the search on the day.
        </p>
      </section>
    );
  }
  return <PlayerDetails player={player} event={event} back={back} />;
}

function PlayerDetails({ player, event, back }: { player: Player; event: Event; back: JSX.Element }) {
  const { fresh, live, now, players } = usePublic();
  const display = event.display;
  const today = manilaDate(now.value);
  const state = playerNow(player, now.value, display, live.inPlay.value);
  // Live points are the followed day's: a match of another day never has them.
  const liveDay = players.days.value[0]?.key;
  const stateOf = (entry: PlayerMatch) =>
    entry.day.key === liveDay
      ? matchStateWords(entry.match, live.of(entry.facility, entry.match.matchNumber).value)
      : undefined;
  const nextState = state.onCourt && state.next ? stateOf(state.next) : undefined;
  const standing = playerStandings(player, display, { ranked: event.type !== "team" });
  const byDay = new Map<EventDay, PlayerMatch[]>();
  for (const entry of player.matches) byDay.set(entry.day, [...(byDay.get(entry.day) ?? []), entry]);
  const marked = fresh.fresh.value;
  return (
    <section class="player" aria-labelledby="player-name">
      {back}
      <h2 id="player-name">{player.name}</h2>
      <p class="categories">{player.categories.map((c) => categoryLabel(display, c)).join(", ")}</p>
      <FollowButton player={player} />
      <p class={state.onCourt ? "next-match on-court" : "next-match"}>{nextWords(state, today)}</p>
      {nextState && <p class="live-score figures">{nextState}</p>}
      {state.next && <p class="next-against">against {opponents(state.next)}</p>}
      <p class="record">{recordWords(state)}</p>
      {players.problem.value && <p class="notice warn">{players.problem.value}</p>}
      {standing.length > 0 && (
        <>
          <h3>Standing</h3>
          <ul class="standing">
            {standing.map((s) => (
              <li key={`${s.day.key}${s.facility}${s.category}`}>
                {s.category ? categoryLabel(display, s.category) : s.facility}:{" "}
                <strong>
                  {s.row.shared ? "tied " : ""}
                  {ordinal(s.row.rank ?? 0)} of {s.of}
                </strong>{" "}
                ({s.row.won} won · {s.facility}
                {byDay.size > 1 ? `, ${s.day.label}` : ""})
              </li>
            ))}
          </ul>
        </>
      )}
      {[...byDay].map(([day, entries]) => (
        <section key={day.key} aria-label={`Matches on ${day.label}`}>
          <h3>
            {day.label}
            {day.snapshot.date && <span class="day-date"> · {dayLabel(day.snapshot.date, "short")}</span>}
          </h3>
          <ul class="player-matches">
            {entries.map((entry) => (
              <PlayerMatchRow
                key={`${entry.facility}#${entry.match.matchNumber}`}
                entry={entry}
                today={today}
                what={matchWhat(entry.match, event)}
                fresh={marked.has(freshKey(entry.facility, entry.match.matchNumber))}
                onCourt={state.onCourt && state.next === entry}
                live={stateOf(entry)}
              />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function PlayerMatchRow(props: {
  entry: PlayerMatch;
  today: string;
  what: string;
  fresh: boolean;
  onCourt: boolean;
  /** Its live score, or its call before the first point. */
  live: string | undefined;
}) {
  const { entry, today, what, fresh, onCourt, live } = props;
  const { match, side } = entry;
  const [own, other] =
    side === 1 ? [match.team1Score, match.team2Score] : [match.team2Score, match.team1Score];
  const outcome =
    match.winner === undefined
      ? onCourt
        ? "On court now"
        : own !== "" || other !== ""
          ? "Played"
          : "To play"
      : match.winner === side
        ? "Won"
        : "Lost";
  return (
    <li class={fresh ? "fresh" : undefined}>
      <p class="when">
        {whenAndWhere(entry, today)}
        <span class="visually-hidden">, match {match.matchNumber}</span>
      </p>
      <p class="what">{what}</p>
      <p class="against">against {opponents(entry)}</p>
      <p class={`outcome ${outcome === "Won" ? "won" : outcome === "Lost" ? "lost" : ""}`}>
        {outcome}
        {(own !== "" || other !== "") && (
          <span class="figures">
            {" "}
            {own}–{other}
          </span>
        )}
      </p>
      {live && <p class="live-score figures">{live}</p>}
    </li>
  );
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? "th"
      : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
};

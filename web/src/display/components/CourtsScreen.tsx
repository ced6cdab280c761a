import { liveScoreOf } from "../../lib/courts/live-words.ts";
import { categoryLabel, pairLabel } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import { useDisplay } from "../context.ts";
import { namesOf, type Screen } from "../screens.ts";

type CourtsScreenData = Extract<Screen, { kind: "courts" }>;

/** Each court with the match on it and the next one, beside the hall's latest results. */
export function CourtsScreen({ screen, event }: { screen: CourtsScreenData; event: Event }) {
  const { live } = useDisplay();
  /** The match on court's live score, or "called" before its first point; "On court" else. */
  const stateOf = (match: Match) =>
    liveScoreOf(match, live.of(screen.facility, match.matchNumber).value) ??
    (match.call?.state === "called" ? "Called" : undefined);
  return (
    <div class="courts-screen">
      <section class="tv-courts" aria-labelledby="tv-courts">
        <h2 id="tv-courts" class="visually-hidden">
          Courts
          {screen.pages > 1 && ` (${screen.page + 1} of ${screen.pages})`}
        </h2>
        <ul class={screen.courts.length <= 2 ? "few" : undefined}>
          {screen.courts.map(({ court, onCourt, next }) => (
            <li key={court} class={onCourt ? "tv-court busy" : "tv-court"}>
              <div class="court-head">
                <h3>{court}</h3>
                <CourtState words={onCourt ? stateOf(onCourt) : undefined} busy={onCourt !== undefined} />
              </div>
              {onCourt ? (
                <OnCourt match={onCourt} event={event} />
              ) : (
                <p class="idle">{next?.time ? `Next match at ${next.time}` : "No match on court"}</p>
              )}
              <Next match={next} event={event} />
            </li>
          ))}
        </ul>
      </section>
      <section class="tv-results" aria-labelledby="tv-results">
        <h2 id="tv-results">Latest results</h2>
        {screen.results.length === 0 ? (
          <p class="idle">None yet.</p>
        ) : (
          <ol>
            {screen.results.map((match) => (
              <li key={match.matchNumber}>
                <p class="what">{[match.court, what(match, event)].filter(Boolean).join(" · ")}</p>
                {([1, 2] as const).map((side) => (
                  <div key={side} class={match.winner === side ? "side won" : "side"}>
                    <Names
                      names={
                        side === 1
                          ? namesOf(match.team1, match.teamCode1)
                          : namesOf(match.team2, match.teamCode2)
                      }
                    />
                    <p class="score figures">
                      {side === 1 ? match.team1Score : match.team2Score}
                      {match.winner === side && <span class="visually-hidden"> (winner)</span>}
                    </p>
                  </div>
                ))}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** A court's state: its live score ("live 15–12 · game 2"), "Called", "On court" or "Free". */
function CourtState({ words, busy }: { words: string | undefined; busy: boolean }) {
  if (words?.startsWith("live")) return <p class="live-score figures">{words}</p>;
  return <p class="label">{words ?? (busy ? "On court" : "Free")}</p>;
}

function what(match: Match, event: Event): string {
  const category =
    event.type === "team"
      ? (pairLabel(event.display, match.teamCode1)?.short ?? match.category)
      : match.category && categoryLabel(event.display, match.category);
  return [category, match.round].filter(Boolean).join(" · ");
}

/** A side's players, one to a line. */
function Names({ names }: { names: string[] }) {
  return (
    <p class="names">
      {names.map((name, n) => (
        <span key={n} class="name">
          {name}
        </span>
      ))}
    </p>
  );
}

/** The match on court: its time and category, then each side a player to a line, "v" between the sides. */
function OnCourt({ match, event }: { match: Match; event: Event }) {
  const sides = [namesOf(match.team1, match.teamCode1), namesOf(match.team2, match.teamCode2)];
  const pairs = sides.some((names) => names.length > 1);
  return (
    <div class={pairs ? "on-court pairs" : "on-court"}>
      <p class="what">{[match.time, what(match, event)].filter(Boolean).join(" · ")}</p>
      <Names names={sides[0] as string[]} />
      <p class="versus">v</p>
      <Names names={sides[1] as string[]} />
    </div>
  );
}

/** The match after it, smaller: "Next · 10:00 · Men's doubles", then a side to a line, the second after a "v". */
function Next({ match, event }: { match: Match | undefined; event: Event }) {
  if (match === undefined)
    return (
      <div class="next">
        <p class="what">
          <span class="label">Next</span> · nothing more
        </p>
      </div>
    );
  return (
    <div class="next">
      <p class="what">
        <span class="label">Next</span>
        {[match.time, what(match, event)].filter(Boolean).map((part) => ` · ${part}`)}
      </p>
      <p class="name">{namesOf(match.team1, match.teamCode1).join(" / ")}</p>
      <p class="name">
        <span class="versus">v</span> {namesOf(match.team2, match.teamCode2).join(" / ")}
      </p>
    </div>
  );
}

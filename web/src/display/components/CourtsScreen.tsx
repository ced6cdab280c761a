import { categoryLabel, pairLabel } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import type { Event } from "../../lib/data/registry.ts";
import type { Screen } from "../screens.ts";

type CourtsScreenData = Extract<Screen, { kind: "courts" }>;

/** Each court with the match on it and the next one, beside the hall's latest results. */
export function CourtsScreen({ screen, event }: { screen: CourtsScreenData; event: Event }) {
  const count = screen.courts.length;
  const columns = count <= 2 ? count : count <= 4 ? 2 : count <= 6 ? 3 : 4;
  return (
    <div class="courts-screen">
      <section class="tv-courts" aria-labelledby="tv-courts">
        <h2 id="tv-courts">
          Courts
          {screen.pages > 1 && ` (${screen.page + 1} of ${screen.pages})`}
        </h2>
        <ul class={`across-${columns}`}>
          {screen.courts.map(({ court, onCourt, next }) => (
            <li key={court} class={onCourt ? "tv-court busy" : "tv-court"}>
              <h3>{court}</h3>
              <p class="label">{onCourt ? "On court" : "Free"}</p>
              {onCourt ? (
                <Sides match={onCourt} event={event} />
              ) : (
                <p class="idle">{next?.time ? `Next match at ${next.time}` : "—"}</p>
              )}
              <p class="label">Next</p>
              {next ? <Sides match={next} event={event} small /> : <p class="idle">Nothing more</p>}
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
                  <p key={side} class={match.winner === side ? "side won" : "side"}>
                    <span class="name">
                      {side === 1 ? match.team1 || match.teamCode1 : match.team2 || match.teamCode2}
                    </span>
                    <span class="score figures">
                      {side === 1 ? match.team1Score : match.team2Score}
                      {match.winner === side && <span class="visually-hidden"> (winner)</span>}
                    </span>
                  </p>
                ))}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function what(match: Match, event: Event): string {
  const category =
    event.type === "team"
      ? (pairLabel(event.display, match.teamCode1)?.short ?? match.category)
      : match.category && categoryLabel(event.display, match.category);
  return [category, match.round].filter(Boolean).join(" · ");
}

/** A match's two sides, one player to a line on court (doubles on two), one side to a line for next. */
function Sides({ match, event, small }: { match: Match; event: Event; small?: boolean }) {
  const side = (team: string, code: string) => {
    const players = small ? [] : team.split(/\s*\/\s*/).filter(Boolean);
    return players.length > 1 ? players : [team || code || "To be decided"];
  };
  return (
    <div class={small ? "sides small" : "sides"}>
      <p class="what">{[match.time, what(match, event)].filter(Boolean).join(" · ")}</p>
      {[side(match.team1, match.teamCode1), side(match.team2, match.teamCode2)].map((names, s) => (
        <p key={s} class="name">
          {names.map((name, n) => (
            <span key={n}>{name}</span>
          ))}
        </p>
      ))}
    </div>
  );
}

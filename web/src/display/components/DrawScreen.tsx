import { categoryLabel } from "../../lib/data/labels.ts";
import type { Event } from "../../lib/data/registry.ts";
import type { Screen } from "../screens.ts";

type DrawScreenData = Extract<Screen, { kind: "draw" }>;

/** One category's knockout draw, every round side by side, winners carried forward. */
export function DrawScreen({ screen, event }: { screen: DrawScreenData; event: Event }) {
  const { bracket } = screen;
  const title = bracket.category ? categoryLabel(event.display, bracket.category) : "Knockout";
  return (
    <section class="tv-draw" aria-labelledby="tv-draw">
      <h2 id="tv-draw">Draw · {title}</h2>
      <div
        class={`tv-rounds ${size(bracket.rounds[0]?.matches.length ?? 0)}`}
        style={{ gridTemplateColumns: `repeat(${bracket.rounds.length}, minmax(0, 1fr))` }}
      >
        {bracket.rounds.map((round, r) => (
          <section key={round.short} aria-labelledby={`tv-round-${r}`}>
            <h3 id={`tv-round-${r}`}>{round.name}</h3>
            <ol>
              {round.matches.map(({ match, sides, winner }) => (
                <li key={match.matchNumber}>
                  <div class="tv-drawn">
                    <p class="what">
                      <span class="visually-hidden">Match {match.matchNumber}: </span>
                      {[match.time, match.court].filter(Boolean).join(" · ")}
                    </p>
                    {sides.map((side, s) => (
                      <p
                        key={s}
                        class={["side", winner === s + 1 && "won", side.open && "open"]
                          .filter(Boolean)
                          .join(" ")}
                      >
                        <span class="name">{side.name}</span>
                        <span class="score figures">
                          {side.score}
                          {winner === s + 1 && <span class="visually-hidden"> (through)</span>}
                        </span>
                      </p>
                    ))}
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}

/** Type as large as the first round's matches allow: a draw of eight reads from the back of the hall. */
function size(firstRound: number): string {
  return firstRound <= 4 ? "large" : firstRound <= 8 ? "medium" : "small";
}

import { categoryLabel } from "../../lib/data/labels.ts";
import type { Event } from "../../lib/data/registry.ts";
import { namesOf, type Screen } from "../screens.ts";

type DrawScreenData = Extract<Screen, { kind: "draw" }>;

/** One category's knockout draw (or a part of a large one), every round side by side, winners carried forward. */
export function DrawScreen({ screen, event }: { screen: DrawScreenData; event: Event }) {
  const { bracket, part, parts } = screen;
  const title = bracket.category ? categoryLabel(event.display, bracket.category) : "Knockout";
  const pairs = bracket.rounds.some(({ matches }) =>
    matches.some(({ sides }) => sides.some((side) => namesOf(side.name, side.code).length > 1)),
  );
  return (
    <section class="tv-draw" aria-labelledby="tv-draw">
      <h2 id="tv-draw">
        Draw · {title}
        {parts > 1 && ` (part ${part} of ${parts})`}
      </h2>
      <div
        class={pairs ? "tv-rounds pairs" : "tv-rounds"}
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
                      {[match.time, match.court].filter(Boolean).join(" · ") || `Match ${match.matchNumber}`}
                    </p>
                    {sides.map((side, s) => (
                      <div
                        key={s}
                        class={["side", winner === s + 1 && "won", side.open && "open"]
                          .filter(Boolean)
                          .join(" ")}
                      >
                        <p class="names">
                          {namesOf(side.name, side.code).map((name, n) => (
                            <span key={n} class="name">
                              {name}
                            </span>
                          ))}
                        </p>
                        <p class="score figures">
                          {side.score}
                          {winner === s + 1 && <span class="visually-hidden"> (through)</span>}
                        </p>
                      </div>
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

import type { Bracket, BracketMatch } from "../../lib/data/bracket.ts";
import { categoryLabel } from "../../lib/data/labels.ts";
import type { Event } from "../../lib/data/registry.ts";
import { usePublic } from "../context.ts";
import { freshKey } from "../fresh-scores.ts";
import "./brackets.css";

/**
 * A facility's knockout draws (`lib/data/bracket.ts`), one bracket per category: its rounds side by
 * side, each winner carried into the next round. On a phone the rounds scroll sideways one at a
 * time; on a laptop the whole bracket shows.
 */
export function Brackets({
  facility,
  brackets,
  event,
}: {
  facility: string;
  brackets: Bracket[];
  event: Event;
}) {
  const marked = usePublic().fresh.fresh.value;
  const isFresh = (drawn: BracketMatch) => marked.has(freshKey(facility, drawn.match.matchNumber));
  return (
    <div class="brackets">
      {brackets.map((bracket, b) => {
        const title = bracket.category ? categoryLabel(event.display, bracket.category) : "Knockout";
        const id = `bracket-${b}`;
        return (
          <section key={bracket.category} aria-labelledby={id}>
            <h3 class="group" id={id}>
              {title}
            </h3>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a bracket wider than the phone scrolls, and must be reachable by keyboard to scroll (WCAG 2.1.1). */}
            <section class="bracket-scroll" tabIndex={0} aria-label={`${title} draw`}>
              <div class={regular(bracket) ? "bracket regular" : "bracket"}>
                {bracket.rounds.map((round, r) => (
                  <section key={round.short} class="round" aria-labelledby={`${id}-round-${r}`}>
                    <h4 id={`${id}-round-${r}`}>{round.name}</h4>
                    <ol>
                      {round.matches.map((drawn) => (
                        <DrawnMatch key={drawn.match.matchNumber} drawn={drawn} fresh={isFresh(drawn)} />
                      ))}
                    </ol>
                  </section>
                ))}
              </div>
            </section>
            {bracket.third.length > 0 && (
              <section class="round third" aria-labelledby={`${id}-third`}>
                <h4 id={`${id}-third`}>Third place</h4>
                <ol>
                  {bracket.third.map((drawn) => (
                    <DrawnMatch key={drawn.match.matchNumber} drawn={drawn} fresh={isFresh(drawn)} />
                  ))}
                </ol>
              </section>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** Each round half the one before: the lines between rounds can join each pair to the match it feeds. */
const regular = (bracket: Bracket) =>
  bracket.rounds.every(
    (round, r) => r === 0 || bracket.rounds[r - 1]?.matches.length === 2 * round.matches.length,
  );

function DrawnMatch({ drawn, fresh }: { drawn: BracketMatch; fresh: boolean }) {
  const { match, sides, winner } = drawn;
  const when = [match.time, match.court].filter(Boolean).join(" · ");
  return (
    <li class="band">
      <div class={fresh ? "drawn fresh" : "drawn"}>
        <p class="drawn-meta">
          <span class="visually-hidden">Match {match.matchNumber}: </span>
          <span aria-hidden="true">#{match.matchNumber}</span>
          {when && ` · ${when}`}
        </p>
        {sides.map((side, s) => (
          <p
            key={s}
            class={["entrant", winner === s + 1 && "won", side.open && "open"].filter(Boolean).join(" ")}
          >
            <span class="name">{side.name}</span>
            <span class="score figures">
              {side.score === "" ? <span aria-hidden="true">–</span> : side.score}
              {winner === s + 1 && <span class="visually-hidden"> (through)</span>}
            </span>
          </p>
        ))}
      </div>
    </li>
  );
}

import type { SendStatus } from "../../lib/courts/point-counter.ts";
import { teamLabel } from "../../lib/data/labels.ts";
import type { Match } from "../../lib/data/matches.ts";
import { useScore } from "../context.ts";
import { SaveOutcome } from "./SaveOutcome.tsx";

/** Where the count is with the service, for people. */
const SENT_WORDS: Record<SendStatus, string> = {
  idle: "The first tap shows the match as started.",
  sending: "Sending…",
  sent: "Live: spectators see this score.",
  waiting: "Offline: the points are kept on this phone and sent when it is back online.",
  ended: "The final score is saved.",
  refused: "",
};

/**
 * The point counter: a large +1 for each side (a thumb's reach on a 360 px phone), the score and
 * the games, undo, the next game once one ends by the event's scoring, and Save of the final once
 * the match is won. Each tap is sent as the match's live point; the screen reader hears the score.
 */
export function PointCounter({ match }: { match: Match }) {
  const { counter, dayEntry, enterFinal, saveCount, saving } = useScore();
  const shown = counter.value;
  if (shown === undefined) return null;
  const event = dayEntry.value?.event;
  const side = (names: string, code: string) =>
    names || (event === undefined ? undefined : teamLabel(event, code)) || code;
  const sides = [side(match.team1, match.teamCode1), side(match.team2, match.teamCode2)] as const;
  const [one, two] = shown.points.value;
  const [gamesOne, gamesTwo] = shown.games.value;
  const final = shown.final.value;
  const status = shown.status.value;
  const over = shown.gameOver.value;
  const winner = shown.winner.value;
  const say = `${sides[0]} ${one}, ${sides[1]} ${two}`;
  return (
    <section class="counter" aria-labelledby="counter-heading">
      <h2 id="counter-heading">
        Game {shown.game.value}
        {gamesOne + gamesTwo > 0 && (
          <span class="games figures">
            {" "}
            · games {gamesOne}–{gamesTwo}
          </span>
        )}
      </h2>
      <p class="visually-hidden" aria-live="polite">
        {say}
        {winner !== undefined ? `. ${sides[winner - 1]} won the match.` : over ? ". The game is over." : ""}
      </p>
      <div class="counter-sides">
        {([1, 2] as const).map((n) => (
          <button
            key={n}
            type="button"
            class="point"
            disabled={over || winner !== undefined}
            aria-label={`Point to ${sides[n - 1]}, now ${n === 1 ? one : two}`}
            onClick={() => shown.point(n)}
          >
            <span class="point-name">{sides[n - 1]}</span>
            <span class="point-score figures" aria-hidden="true">
              {n === 1 ? one : two}
            </span>
            <span class="point-plus" aria-hidden="true">
              +1
            </span>
          </button>
        ))}
      </div>
      <p class="counter-status" role="status">
        {status === "refused" ? shown.problem.value : SENT_WORDS[status]}
      </p>
      <div class="actions counter-actions">
        <button type="button" disabled={!shown.canUndo.value || status === "ended"} onClick={shown.undo}>
          Undo
        </button>
        {over && winner === undefined && (
          <button type="button" class="primary" onClick={shown.nextGame}>
            Next game
          </button>
        )}
      </div>
      {final !== undefined && status !== "ended" && (
        <button type="button" class="primary save" disabled={saving.value} onClick={() => void saveCount()}>
          {saving.value ? "Saving…" : `Save the final: ${final.team1Score}–${final.team2Score}`}
        </button>
      )}
      <SaveOutcome />
      <p>
        <button type="button" class="link" onClick={enterFinal}>
          Enter only the final score instead
        </button>
      </p>
    </section>
  );
}

import { useSignal } from "@preact/signals";
import type { QueuedMatch } from "../../../lib/courts/court-board.ts";
import { liveScoreOf } from "../../../lib/courts/live-words.ts";
import type { Match } from "../../../lib/data/matches.ts";
import { manilaTime } from "../../../lib/manila-time.ts";
import type { BoardOutcome, BoardTile } from "../../store/court-board.ts";
import { sidesOf } from "../../store/court-board.ts";

/** The id of a court's heading, focused after a tap that changed the court. */
export const tileHeadingId = (court: string) => `court-${court.replace(/[^\w-]+/g, "-")}`;

/** "since 10:22 (8 min)", or nothing when the time is not known. */
function since(at: number | undefined, now: number): string {
  if (at === undefined) return "";
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  return ` since ${manilaTime(at)} (${minutes} min)`;
}

function MatchLine({ match }: { match: Match }) {
  return (
    <p class="court-match">
      <strong>Match {match.matchNumber}</strong>
      <span class="muted"> · {[match.time, match.category].filter(Boolean).join(" · ")}</span>
      <br />
      {sidesOf(match)}
    </p>
  );
}

export interface TileActions {
  busy: boolean;
  call(matchNumber: string, court: string): void;
  cancel(matchNumber: string): void;
  /** Starts a called match (its players are on court); absent where the event takes no scores here. */
  start?(matchNumber: string): void;
}

/** A free court: since when, the next match to call with one tap, and any other match (a picker). */
function FreeCourt({
  tile,
  queue,
  actions,
}: {
  tile: BoardTile & { state: "free" };
  queue: readonly QueuedMatch[];
  actions: TileActions;
}) {
  const picked = useSignal("");
  const choice = queue.find((q) => q.match.matchNumber === picked.value) ?? queue[0];
  return (
    <>
      {tile.suggestion === undefined ? (
        <p>No match to call now{queue.length > 0 ? ": every waiting match is held back (below)" : ""}.</p>
      ) : (
        <>
          <p class="court-next-label">Next to call</p>
          <MatchLine match={tile.suggestion} />
          <button
            type="button"
            class="primary"
            aria-disabled={actions.busy}
            onClick={() => tile.suggestion && actions.call(tile.suggestion.matchNumber, tile.court)}
          >
            Call match {tile.suggestion.matchNumber} to {tile.court}
          </button>
        </>
      )}
      {queue.length > 0 && (
        <details class="court-picker">
          <summary>Call another match</summary>
          <label>
            Match for {tile.court}
            <select
              value={choice?.match.matchNumber}
              onChange={(e) => (picked.value = e.currentTarget.value)}
            >
              {queue.map((q) => (
                <option key={q.match.matchNumber} value={q.match.matchNumber}>
                  {q.match.matchNumber} · {q.match.time} · {sidesOf(q.match)}
                  {q.reasons.length > 0 ? ` (${q.reasons.map((r) => r.text).join("; ")})` : ""}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            aria-disabled={actions.busy}
            onClick={() => choice && actions.call(choice.match.matchNumber, tile.court)}
          >
            Call to {tile.court}
          </button>
        </details>
      )}
    </>
  );
}

/** A court with a match called or in play: the match, started (when called), its call moved or cancelled. */
function BusyCourt({
  tile,
  courts,
  actions,
}: {
  tile: BoardTile & { state: "called" | "playing" };
  courts: readonly BoardTile[];
  actions: TileActions;
}) {
  const others = courts.filter((c) => c.court !== tile.court);
  const picked = useSignal("");
  const target =
    others.find((c) => c.court === picked.value) ?? others.find((c) => c.state === "free") ?? others[0];
  // "live 15–12 · game 2", in the words of every page (nothing once the match has a result).
  const live = liveScoreOf(tile.match, tile.live);
  return (
    <>
      <MatchLine match={tile.match} />
      {live !== undefined && <p class="court-live figures">{live}</p>}
      <div class="court-actions">
        {tile.state === "called" && actions.start !== undefined && (
          <button
            type="button"
            class="primary"
            aria-disabled={actions.busy}
            onClick={() => actions.start?.(tile.match.matchNumber)}
          >
            Start match {tile.match.matchNumber}
          </button>
        )}
        {target !== undefined && (
          <div class="court-move">
            <label>
              Move to
              <select value={target.court} onChange={(e) => (picked.value = e.currentTarget.value)}>
                {others.map((c) => (
                  <option key={c.court} value={c.court}>
                    {c.court}
                    {c.state === "free" ? " (free)" : ` (match ${c.match.matchNumber})`}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              aria-disabled={actions.busy}
              onClick={() => actions.call(tile.match.matchNumber, target.court)}
            >
              Move match {tile.match.matchNumber}
            </button>
          </div>
        )}
        <button
          type="button"
          class="warning"
          aria-disabled={actions.busy}
          onClick={() => actions.cancel(tile.match.matchNumber)}
        >
          Cancel the call of match {tile.match.matchNumber}
        </button>
      </div>
    </>
  );
}

const STATE_WORDS = { free: "Free", called: "Called", playing: "In play" } as const;

/** One court of the board. */
export function CourtTile({
  tile,
  courts,
  queue,
  now,
  outcome,
  actions,
}: {
  tile: BoardTile;
  courts: readonly BoardTile[];
  queue: readonly QueuedMatch[];
  now: number;
  outcome: BoardOutcome | undefined;
  actions: TileActions;
}) {
  const id = tileHeadingId(tile.court);
  const problem = outcome?.kind === "problem" && outcome.court === tile.court ? outcome.text : undefined;
  return (
    <li class={`court-tile ${tile.state}`}>
      <section aria-labelledby={id}>
        <h3 id={id} tabIndex={-1}>
          {tile.court}
        </h3>
        <p class="court-state">
          <strong>{STATE_WORDS[tile.state]}</strong>
          {since(tile.since, now)}
        </p>
        {tile.state === "free" ? (
          <FreeCourt tile={tile} queue={queue} actions={actions} />
        ) : (
          <BusyCourt tile={tile} courts={courts} actions={actions} />
        )}
        {problem !== undefined && (
          <p class="notice warn" role="alert">
            {problem}
          </p>
        )}
      </section>
    </li>
  );
}

/**
 * The score page's point counter for one match: a large +1 per side, undo, the next game and the
 * game's end by the event's scoring (`counter-state.ts`), kept on the phone at every change (a
 * reload, or a phone offline, loses no point) and sent to the service as the match's live state
 * (`PUT …/live`). Only the latest state is ever sent, one request at a time: points tapped while
 * offline, or while a send is under way, go as one send of where the counter stands, on
 * reconnect. Nothing is written to the workbook: the final Save is the score PUT, filled in from
 * {@link PointCounter.final}.
 * @example const counter = createPointCounter({ api, clock, storage, connection, rules, match }); counter.point(1);
 */
import { computed, type ReadonlySignal, signal } from "@preact/signals";
import type { GameRules } from "@tournament-ops/service/scoring";
import type { Api } from "../api/client.ts";
import { describeProblem, type ProblemDetails } from "../api/problem.ts";
import type { LiveState } from "../api/types.ts";
import type { PageClock, PageConnection } from "../environment.ts";
import {
  addPoint,
  type CounterState,
  finalScore,
  gamesWon,
  isGameOver,
  matchWinner,
  NEW_COUNTER,
  type Points,
  type Side,
  setServing,
  startNextGame,
  undo,
} from "./counter-state.ts";
import { type CountedMatch, type Kept, keyOf, readKept } from "./kept-counter.ts";

/** A send that failed for want of a network is tried again this often (and at once when the phone is online again). */
export const RETRY_MS = 5_000;

export type { CountedMatch };

/**
 * Where the counter's latest state is with the service: `idle` before the first change, `sending`,
 * `sent` (the service holds it), `waiting` (offline or throttled: it goes on reconnect, or shortly),
 * `ended` (the match's final score is saved; the counter sends no more), `refused` (see `problem`).
 */
export type SendStatus = "idle" | "sending" | "sent" | "waiting" | "ended" | "refused";

export interface PointCounter {
  state: ReadonlySignal<CounterState>;
  /** The game being played: 1, 2, 3… */
  game: ReadonlySignal<number>;
  points: ReadonlySignal<Points>;
  games: ReadonlySignal<Points>;
  /** The game being played is over (no +1 until the next game). */
  gameOver: ReadonlySignal<boolean>;
  /** The side that won the match, once it is won. */
  winner: ReadonlySignal<Side | undefined>;
  /** The match's final for the Save, once it is won. */
  final: ReadonlySignal<{ team1Score: number; team2Score: number } | undefined>;
  canUndo: ReadonlySignal<boolean>;
  status: ReadonlySignal<SendStatus>;
  /** Why the service refused the counter, for people (status `refused`). */
  problem: ReadonlySignal<string | undefined>;
  /** A Start: 0–0 sent, so the match shows as started before its first point. */
  start(): void;
  point(side: Side): void;
  undo(): void;
  nextGame(): void;
  serve(side: Side): void;
  /** The final is being saved: nothing more is sent until `release` (then the latest, unless {@link saved}). */
  hold(): () => void;
  /** The final score is saved: the counter is forgotten on the phone and sends no more. */
  saved(): void;
  /** Stops listening and retrying (the page leaves the match). */
  stop(): void;
}

export interface PointCounterDeps {
  /** The API client with the page's token (a scorer link's, or the operator's). */
  api: Api;
  clock: PageClock;
  storage: Storage | undefined;
  connection: Pick<PageConnection, "online" | "onOnlineChange">;
  rules: GameRules;
  match: CountedMatch;
}

export function createPointCounter(deps: PointCounterDeps): PointCounter {
  const { rules, clock } = deps;
  const key = keyOf(deps.match);
  const kept = readKept(deps.storage, deps.match, clock.now());
  const state = signal<CounterState>(kept?.state ?? NEW_COUNTER);
  const status = signal<SendStatus>(
    kept === undefined || kept.sent >= kept.state.seq ? (kept ? "sent" : "idle") : "waiting",
  );
  const problem = signal<string | undefined>(undefined);
  let sent = kept?.sent ?? 0;
  let inFlight = false;
  let retry: unknown;
  let stopped = false;
  let holds = 0;

  const keep = () => {
    try {
      deps.storage?.setItem(
        key,
        JSON.stringify({ state: state.value, sent, updatedAt: clock.now() } satisfies Kept),
      );
    } catch {
      // A full or refused storage: the counter works for this visit only.
    }
  };
  const later = (ms: number) => {
    clock.clearTimeout(retry);
    retry = clock.setTimeout(() => void send(), ms);
  };

  /** Sends the latest state unless the service has it; one request at a time, the newest state each time. */
  async function send(): Promise<void> {
    if (stopped || inFlight || holds > 0 || status.value === "ended" || sent >= state.value.seq) return;
    inFlight = true;
    status.value = "sending";
    const { seq, points, serving, games } = state.value;
    const body = { seq, team1Points: points[0], team2Points: points[1], game: games.length + 1, serving };
    let response: Response | undefined;
    let answer: LiveState | undefined;
    let error: ProblemDetails | undefined;
    try {
      const result = await deps.api.PUT("/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/live", {
        params: {
          path: { day: deps.match.day, facility: deps.match.facility, matchNumber: deps.match.matchNumber },
        },
        body,
      });
      response = result.response;
      answer = result.data;
      error = result.error as ProblemDetails | undefined;
    } catch {
      // Not reached: offline, or the service is down.
    } finally {
      inFlight = false;
    }
    if (stopped) return;
    if (response === undefined) {
      status.value = "waiting";
      return later(RETRY_MS);
    }
    if (answer !== undefined) return received(answer);
    if (response.status === 429) {
      status.value = "waiting";
      return later(1_000 * Math.max(1, Number(response.headers.get("retry-after")) || 1));
    }
    if (error?.code === "match_played") {
      status.value = "ended";
      return;
    }
    status.value = "refused";
    problem.value = describeProblem(response.status, error);
  }

  function received(answer: LiveState): void {
    problem.value = undefined;
    if (answer.ended) {
      status.value = "ended";
      return;
    }
    if (!answer.accepted && answer.seq >= state.value.seq) {
      // The service holds a later seq than this phone (its storage was cleared, or another phone
      // counted): the phone's own count goes on from above it.
      state.value = { ...state.value, seq: answer.seq + 1 };
    } else sent = Math.max(sent, answer.seq);
    keep();
    if (sent < state.value.seq) void send();
    else status.value = "sent";
  }

  const change = (next: CounterState) => {
    if (next === state.value || status.value === "ended") return;
    state.value = next;
    keep();
    void send();
  };

  const stopListening = deps.connection.onOnlineChange(() => {
    if (deps.connection.online()) void send();
  });
  if (status.value === "waiting") void send();

  return {
    state,
    game: computed(() => state.value.games.length + 1),
    points: computed(() => state.value.points),
    games: computed(() => gamesWon(state.value, rules)),
    gameOver: computed(() => isGameOver(state.value, rules)),
    winner: computed(() => matchWinner(state.value, rules)),
    final: computed(() => finalScore(state.value, rules)),
    canUndo: computed(() => state.value.before.length > 0),
    status,
    problem,
    start: () => {
      if (state.value.seq === 0) change({ ...state.value, seq: 1 });
    },
    point: (side) => change(addPoint(state.value, side, rules)),
    undo: () => change(undo(state.value)),
    nextGame: () => change(startNextGame(state.value, rules)),
    serve: (side) => change(setServing(state.value, side)),
    hold() {
      holds++;
      let released = false;
      return () => {
        holds -= released ? 0 : 1;
        released = true;
        void send();
      };
    },
    saved() {
      status.value = "ended";
      clock.clearTimeout(retry);
      try {
        deps.storage?.removeItem(key);
      } catch {
        // Refused storage: nothing was kept.
      }
    },
    stop() {
      stopped = true;
      clock.clearTimeout(retry);
      stopListening();
    },
  };
}

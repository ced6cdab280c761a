/**
 * The point counter's state and its changes, pure: a point to a side, undo, the next game, the
 * side serving. Each change takes the next `seq` (from 1 per match), so the service keeps the
 * latest whatever order the sends arrive in. A game ends by the event's scoring
 * (`@tournament-ops/service/scoring`); a match ends when a side has won its games.
 */
import { type GameRules, gamesToWin, gameWinner, type Side } from "@tournament-ops/service/scoring";

export type { Side };

/** Points of the two sides, side 1 first. */
export type Points = readonly [number, number];

/** What the counter holds for one match. */
export interface CounterState {
  /** The seq of the latest change; 0 before the first. */
  seq: number;
  /** The games played out, each its final points. */
  games: readonly Points[];
  /** The game being played. */
  points: Points;
  /** The side serving: whoever won the last rally (side 1 until told otherwise). */
  serving: Side;
  /** The states before each change, newest last, for undo (at most {@link UNDO_KEPT}). */
  before: readonly Omit<CounterState, "before" | "seq">[];
}

/** Changes undo can go back through. */
export const UNDO_KEPT = 200;

/** A counter before its first change. */
export const NEW_COUNTER: CounterState = { seq: 0, games: [], points: [0, 0], serving: 1, before: [] };

/** Games won by each side, the current game counted once it is over. */
export function gamesWon(state: CounterState, rules: GameRules): Points {
  const won = [0, 0];
  for (const [a, b] of [...state.games, state.points]) {
    const winner = gameWinner(a, b, rules);
    if (winner !== undefined) won[winner - 1] = (won[winner - 1] as number) + 1;
  }
  return [won[0] as number, won[1] as number];
}

/** The side that has won the match, or `undefined` while it goes on. */
export function matchWinner(state: CounterState, rules: GameRules): Side | undefined {
  const [one, two] = gamesWon(state, rules);
  const need = gamesToWin(rules);
  return one >= need ? 1 : two >= need ? 2 : undefined;
}

/** The game being played has ended (no side may score in it). */
export const isGameOver = (state: CounterState, rules: GameRules) =>
  gameWinner(state.points[0], state.points[1], rules) !== undefined;

/**
 * The match's final score for the Save, filled in from the counter once the match is won: with
 * one game, its points; with best of 3 or 5, the games won. `undefined` while it goes on.
 * @example finalScore(state, DEFAULT_SCORING) // { team1Score: 21, team2Score: 17 }
 */
export function finalScore(
  state: CounterState,
  rules: GameRules,
): { team1Score: number; team2Score: number } | undefined {
  if (matchWinner(state, rules) === undefined) return undefined;
  const [team1Score, team2Score] = rules.bestOf === 1 ? state.points : gamesWon(state, rules);
  return { team1Score, team2Score };
}

/** The next state: `change` applied, the one before kept for undo, the next seq. */
function next(state: CounterState, change: Partial<Omit<CounterState, "before" | "seq">>): CounterState {
  const { before, seq: _seq, ...now } = state;
  return { ...now, ...change, seq: state.seq + 1, before: [...before, now].slice(-UNDO_KEPT) };
}

/** A point to `side`: refused (the same state) once the game or the match is over. */
export function addPoint(state: CounterState, side: Side, rules: GameRules): CounterState {
  if (isGameOver(state, rules) || matchWinner(state, rules) !== undefined) return state;
  const points: Points =
    side === 1 ? [state.points[0] + 1, state.points[1]] : [state.points[0], state.points[1] + 1];
  return next(state, { points, serving: side });
}

/** The next game, once this one is over and the match is not: 0–0, its winner serving first. */
export function startNextGame(state: CounterState, rules: GameRules): CounterState {
  const winner = gameWinner(state.points[0], state.points[1], rules);
  if (winner === undefined || matchWinner(state, rules) !== undefined) return state;
  return next(state, { games: [...state.games, state.points], points: [0, 0], serving: winner });
}

/** Who serves first, while the game has no point yet. */
export function setServing(state: CounterState, side: Side): CounterState {
  if (state.points[0] + state.points[1] > 0 || state.serving === side) return state;
  return next(state, { serving: side });
}

/**
 * The state before the last change, as a new change (with the next seq, so the service takes it
 * over the one it replaces); the same state when there is nothing to undo.
 */
export function undo(state: CounterState): CounterState {
  const previous = state.before[state.before.length - 1];
  if (previous === undefined) return state;
  return { ...previous, seq: state.seq + 1, before: state.before.slice(0, -1) };
}

/**
 * The rules of a game under an event's scoring (the registry's page-only `scoring`): when a game
 * is over, who won it, whether a final score can happen at all, and the sentence that says what is
 * wrong with one that cannot. One module for the score page's point counter, every score form's
 * check and the registry's own validation; the pages import it as `@tournament-ops/service/scoring`,
 * so it imports nothing but types.
 */
import type { Scoring } from "./types.ts";

/** An event's scoring with every member filled in. */
export interface GameRules {
  pointsToWin: number;
  winByTwo: boolean;
  cap: number;
  bestOf: 1 | 3 | 5;
}

/** The scoring of an event that names none, and of each member it leaves out: 21 points, by two, capped at 30, one game. */
export const DEFAULT_SCORING: Readonly<GameRules> = Object.freeze({
  pointsToWin: 21,
  winByTwo: true,
  cap: 30,
  bestOf: 1,
});

/** The rest (minutes) the court board keeps between two matches of a player when the event names none. */
export const DEFAULT_REST_MINUTES = 20;

/** One side of a game or match: 1 or 2. */
export type Side = 1 | 2;

const isPoints = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 99;

/**
 * An event's scoring with its defaults filled in. Read defensively, as pages read the registry
 * (the static site may serve a commit the service refused): a member that is not what the
 * registry allows takes its default.
 * @example gameRules({ pointsToWin: 15, cap: 21 }) // { pointsToWin: 15, winByTwo: true, cap: 21, bestOf: 1 }
 */
export function gameRules(scoring: Scoring | undefined): GameRules {
  const given = (scoring ?? {}) as Record<string, unknown>;
  return {
    pointsToWin: isPoints(given.pointsToWin) ? given.pointsToWin : DEFAULT_SCORING.pointsToWin,
    winByTwo: typeof given.winByTwo === "boolean" ? given.winByTwo : DEFAULT_SCORING.winByTwo,
    cap: isPoints(given.cap) ? given.cap : DEFAULT_SCORING.cap,
    bestOf: given.bestOf === 3 || given.bestOf === 5 ? given.bestOf : DEFAULT_SCORING.bestOf,
  };
}

/** Whether the two-point lead rule applies: by two, with a cap above the points to win. */
const byTwo = (rules: GameRules) => rules.winByTwo && rules.cap > rules.pointsToWin;

/**
 * The side that has won a game at these points, or `undefined` while it goes on. With `winByTwo`
 * a side wins at `pointsToWin` with a two-point lead, or at `cap` whatever the lead; without it,
 * at `pointsToWin`.
 * @example gameWinner(21, 19, DEFAULT_SCORING) // 1
 * @example gameWinner(21, 20, DEFAULT_SCORING) // undefined (on to 22)
 * @example gameWinner(29, 30, DEFAULT_SCORING) // 2 (the cap)
 */
export function gameWinner(team1Points: number, team2Points: number, rules: GameRules): Side | undefined {
  const high = Math.max(team1Points, team2Points);
  if (team1Points === team2Points || high < rules.pointsToWin) return undefined;
  const over = !byTwo(rules) || Math.abs(team1Points - team2Points) >= 2 || high >= rules.cap;
  if (!over) return undefined;
  return team1Points > team2Points ? 1 : 2;
}

/**
 * Whether a game is over at these points (no side may score again).
 * @example isGameOver(30, 29, DEFAULT_SCORING) // true
 */
export function isGameOver(team1Points: number, team2Points: number, rules: GameRules): boolean {
  return gameWinner(team1Points, team2Points, rules) !== undefined;
}

/**
 * Whether a game can end at these points: it is over, and it was not over before the winner's
 * last point (21–15 can end a game, 23–15 cannot: the game ended at 21–15).
 * @example isPossibleGame(22, 20, DEFAULT_SCORING) // true
 * @example isPossibleGame(25, 20, DEFAULT_SCORING) // false
 */
export function isPossibleGame(team1Points: number, team2Points: number, rules: GameRules): boolean {
  if (![team1Points, team2Points].every((points) => Number.isInteger(points) && points >= 0)) return false;
  const winner = gameWinner(team1Points, team2Points, rules);
  if (winner === undefined) return false;
  const [before1, before2] = winner === 1 ? [team1Points - 1, team2Points] : [team1Points, team2Points - 1];
  // The score before the last point must be one a game reaches: not over, and below the score
  // that ends it whatever the lead (29–29 is played, 30–30 never is).
  const ends = byTwo(rules) ? rules.cap : rules.pointsToWin;
  return !isGameOver(before1, before2, rules) && Math.max(before1, before2) < ends;
}

/** The games a side needs to win a match: 1, 2 or 3. */
export const gamesToWin = (rules: GameRules) => Math.ceil(rules.bestOf / 2);

/**
 * Whether a match's final score (its two score cells) is possible under the scoring: with one
 * game, the game's points; with best of 3 or 5, the games won (the winner has 2 or 3, the loser
 * fewer).
 * @example isPossibleFinal(21, 17, DEFAULT_SCORING) // true
 * @example isPossibleFinal(2, 1, { ...DEFAULT_SCORING, bestOf: 3 }) // true
 */
export function isPossibleFinal(team1Score: number, team2Score: number, rules: GameRules): boolean {
  if (rules.bestOf === 1) return isPossibleGame(team1Score, team2Score, rules);
  const need = gamesToWin(rules);
  const [high, low] = team1Score > team2Score ? [team1Score, team2Score] : [team2Score, team1Score];
  return Number.isInteger(low) && low >= 0 && high === need && low < need;
}

/**
 * How a game ends under the scoring, in the words a score form shows.
 * @example gameRule(DEFAULT_SCORING) // "a game ends at 21, or by two up to 30"
 * @example gameRule({ ...DEFAULT_SCORING, winByTwo: false }) // "a game ends at 21"
 */
export function gameRule(rules: GameRules): string {
  const at = `a game ends at ${rules.pointsToWin}`;
  return byTwo(rules) ? `${at}, or by two up to ${rules.cap}` : at;
}

/**
 * What is wrong with a final score, as a sentence, or `undefined` when it is possible.
 * @example finalScoreProblem(21, 20, DEFAULT_SCORING) // "21–20 cannot end a game: a game ends at 21, or by two up to 30."
 * @example finalScoreProblem(3, 1, { ...DEFAULT_SCORING, bestOf: 3 }) // "3–1 cannot end a best of 3: enter the games won, 2–0 or 2–1."
 */
export function finalScoreProblem(
  team1Score: number,
  team2Score: number,
  rules: GameRules,
): string | undefined {
  if (isPossibleFinal(team1Score, team2Score, rules)) return undefined;
  const score = `${team1Score}–${team2Score}`;
  if (rules.bestOf === 1) return `${score} cannot end a game: ${gameRule(rules)}.`;
  const need = gamesToWin(rules);
  const finals = Array.from({ length: need }, (_, lost) => `${need}–${lost}`);
  const listed = `${finals.slice(0, -1).join(", ")} or ${finals[finals.length - 1]}`;
  return `${score} cannot end a best of ${rules.bestOf}: enter the games won, ${listed}.`;
}

/**
 * The registry's own check of a scoring setting that a schema cannot say: the cap is at least the
 * points to win (a by-two game must be able to reach it). `undefined` when the setting is good.
 * @example scoringProblem({ pointsToWin: 31 }) // "cap (30) must be at least pointsToWin (31)"
 */
export function scoringProblem(scoring: Scoring): string | undefined {
  const rules = gameRules(scoring);
  if (rules.winByTwo && rules.cap < rules.pointsToWin)
    return `cap (${rules.cap}) must be at least pointsToWin (${rules.pointsToWin})`;
  return undefined;
}

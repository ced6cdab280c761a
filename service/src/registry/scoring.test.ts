import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  DEFAULT_SCORING,
  finalScoreProblem,
  type GameRules,
  gameRule,
  gameRules,
  gameWinner,
  isGameOver,
  isPossibleFinal,
  isPossibleGame,
  scoringProblem,
} from "./scoring.ts";

const RULE_SETS: Array<[string, GameRules]> = [
  ["21, by two, capped at 30 (the default)", DEFAULT_SCORING],
  ["15, by two, capped at 21", { pointsToWin: 15, winByTwo: true, cap: 21, bestOf: 3 }],
  ["11, by two, capped at 15", { pointsToWin: 11, winByTwo: true, cap: 15, bestOf: 5 }],
  ["31, no by two", { pointsToWin: 31, winByTwo: false, cap: 30, bestOf: 1 }],
  ["21, by two, capped at 22", { pointsToWin: 21, winByTwo: true, cap: 22, bestOf: 1 }],
  [
    "21, by two, cap equal to the points (first to 21)",
    { pointsToWin: 21, winByTwo: true, cap: 21, bestOf: 1 },
  ],
  ["5, by two, capped at 99", { pointsToWin: 5, winByTwo: true, cap: 99, bestOf: 1 }],
];

/**
 * The Laws of Badminton's scoring, written out for any points and cap, apart from the module: a
 * side scoring `pointsToWin` wins; at one point short all, a two-point lead wins; at one short of
 * the cap all, the next point wins. Without by two (or a cap at the points), the first to the points wins.
 */
function lawsSayOver(a: number, b: number, rules: GameRules): boolean {
  const { pointsToWin: p, cap } = rules;
  if (!rules.winByTwo || cap <= p) return a === p || b === p;
  const [high, low] = a > b ? [a, b] : [b, a];
  if (high === p && low <= p - 2) return true;
  if (low >= p - 1 && high - low === 2) return true;
  return high === cap && low === cap - 1;
}

/** Every score at which a game played rally by rally under the laws ends. */
function finalsByPlay(rules: GameRules): Set<string> {
  const finals = new Set<string>();
  const seen = new Set<string>(["0,0"]);
  const open: Array<[number, number]> = [[0, 0]];
  for (let next = open.pop(); next !== undefined; next = open.pop()) {
    for (const [a, b] of [
      [next[0] + 1, next[1]],
      [next[0], next[1] + 1],
    ] as const) {
      const key = `${a},${b}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (lawsSayOver(a, b, rules)) finals.add(key);
      else open.push([a, b]);
    }
  }
  return finals;
}

describe("the game rules (registry scoring, page-only)", () => {
  for (const [name, rules] of RULE_SETS) {
    test(`${name}: every score from 0–0 to 99–99 can end a game exactly when a game played rally by rally under the laws ends there`, () => {
      const finals = finalsByPlay(rules);
      for (let a = 0; a <= 99; a++) {
        for (let b = 0; b <= 99; b++) {
          const possible = finals.has(`${a},${b}`);
          assert.equal(isPossibleGame(a, b, rules), possible, `${a}–${b}`);
          if (possible) {
            assert.equal(gameWinner(a, b, rules), a > b ? 1 : 2, `${a}–${b} winner`);
            assert.equal(finalScoreProblem(a, b, { ...rules, bestOf: 1 }), undefined);
          }
        }
      }
    });

    test(`${name}: a game is over at every end the laws reach, and at no score a rally leads to before one`, () => {
      const finals = finalsByPlay(rules);
      for (const key of finals) {
        const [a, b] = key.split(",").map(Number) as [number, number];
        assert.equal(isGameOver(a, b, rules), true, key);
        const [before1, before2] = a > b ? [a - 1, b] : [a, b - 1];
        assert.equal(isGameOver(before1, before2, rules), false, `${before1}–${before2}`);
      }
    });
  }

  test("a game at 21, by two, capped at 30: 21–19 and 22–20 end it, 21–20 and 29–29 do not, 30–29 ends it at the cap", () => {
    assert.equal(gameWinner(21, 19, DEFAULT_SCORING), 1);
    assert.equal(gameWinner(20, 22, DEFAULT_SCORING), 2);
    assert.equal(gameWinner(21, 20, DEFAULT_SCORING), undefined);
    assert.equal(gameWinner(29, 29, DEFAULT_SCORING), undefined);
    assert.equal(gameWinner(30, 29, DEFAULT_SCORING), 1);
    assert.equal(isPossibleGame(25, 20, DEFAULT_SCORING), false);
    assert.equal(isPossibleGame(31, 29, DEFAULT_SCORING), false);
  });

  test("a score that is not a whole number of points at least 0 is never possible", () => {
    for (const [a, b] of [
      [21.5, 10],
      [-1, 21],
      [21, Number.NaN],
    ])
      assert.equal(isPossibleFinal(a as number, b as number, DEFAULT_SCORING), false, `${a}–${b}`);
  });

  test("best of 3 or 5: the score cells hold the games won, the winner 2 (or 3) and the loser fewer", () => {
    const three = gameRules({ bestOf: 3 });
    const possible = (rules: GameRules) => {
      const found: string[] = [];
      for (let a = 0; a <= 5; a++)
        for (let b = 0; b <= 5; b++) if (isPossibleFinal(a, b, rules)) found.push(`${a}–${b}`);
      return found;
    };
    assert.deepEqual(possible(three), ["0–2", "1–2", "2–0", "2–1"]);
    assert.deepEqual(possible(gameRules({ bestOf: 5 })), ["0–3", "1–3", "2–3", "3–0", "3–1", "3–2"]);
    assert.equal(isPossibleFinal(21, 17, three), false);
  });

  test("the sentence says what is wrong, in the scoring's own numbers", () => {
    assert.equal(gameRule(DEFAULT_SCORING), "a game ends at 21, or by two up to 30");
    assert.equal(gameRule(gameRules({ pointsToWin: 31, winByTwo: false })), "a game ends at 31");
    assert.equal(gameRule(gameRules({ cap: 21 })), "a game ends at 21");
    assert.equal(
      finalScoreProblem(21, 20, DEFAULT_SCORING),
      "21–20 cannot end a game: a game ends at 21, or by two up to 30.",
    );
    assert.equal(
      finalScoreProblem(15, 15, gameRules({ pointsToWin: 15, cap: 21 })),
      "15–15 cannot end a game: a game ends at 15, or by two up to 21.",
    );
    assert.equal(
      finalScoreProblem(3, 1, gameRules({ bestOf: 3 })),
      "3–1 cannot end a best of 3: enter the games won, 2–0 or 2–1.",
    );
    assert.equal(
      finalScoreProblem(21, 19, gameRules({ bestOf: 5 })),
      "21–19 cannot end a best of 5: enter the games won, 3–0, 3–1 or 3–2.",
    );
    assert.equal(finalScoreProblem(2, 1, gameRules({ bestOf: 3 })), undefined);
  });

  test("absent members take their defaults: 21 points, by two, capped at 30, one game", () => {
    assert.deepEqual(gameRules(undefined), { pointsToWin: 21, winByTwo: true, cap: 30, bestOf: 1 });
    assert.deepEqual(gameRules({ pointsToWin: 15 }), { pointsToWin: 15, winByTwo: true, cap: 30, bestOf: 1 });
  });

  test("read defensively, as pages read the registry: a member the registry does not allow takes its default", () => {
    const broken = { pointsToWin: "21", winByTwo: 1, cap: 100, bestOf: 2 } as never;
    assert.deepEqual(gameRules(broken), DEFAULT_SCORING);
    assert.deepEqual(gameRules(null as never), DEFAULT_SCORING);
  });

  test("the registry's own check: a by-two cap at least the points to win", () => {
    assert.equal(scoringProblem({}), undefined);
    assert.equal(scoringProblem({ pointsToWin: 21, cap: 21 }), undefined);
    assert.equal(scoringProblem({ pointsToWin: 25, cap: 24 }), "cap (24) must be at least pointsToWin (25)");
    assert.equal(scoringProblem({ pointsToWin: 31, winByTwo: false }), undefined);
  });
});

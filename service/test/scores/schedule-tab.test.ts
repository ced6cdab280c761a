import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { locateMatch } from "../../src/features/scores/schedule-tab.ts";
import { assertScoreWrite, scoreCells } from "../../src/features/scores/score-write-allowlist.ts";
import { AppError } from "../../src/shared/errors.ts";

const code = (expected: string) => (error: unknown) => error instanceof AppError && error.code === expected;

const rows = [
  ["Schedule for Saturday"],
  ["court", "MATCHNUMBER", "teamCode1", "teamCode2", "team1Score", "team2Score"],
  ["C1", 7, "MS_1", "MS_2", 21, " 19 "],
  ["C2", "8", "MS_3", "MS_4", "", null],
];

describe("finding a match in SCHEDULE through its header row", () => {
  test("headers are found case-insensitively below title rows; numbers and number text read as numbers", () => {
    const match = locateMatch(rows, rows, "7");
    assert.deepEqual(match, {
      row: 2,
      scoreColumns: { team1Score: 4, team2Score: 5 },
      matchNumber: 7,
      current: { teamCode1: "MS_1", teamCode2: "MS_2", team1Score: 21, team2Score: 19 },
    });
    assert.deepEqual(locateMatch(rows, rows, "008").current, {
      teamCode1: "MS_3",
      teamCode2: "MS_4",
      team1Score: null,
      team2Score: null,
    });
  });

  test("values come from the unformatted read; the formula read only detects formulas", () => {
    const formulas = rows.map((row) => [...row]);
    (formulas[2] as unknown[])[2] = "=Draw!B2";
    assert.equal(locateMatch(formulas, rows, "7").current.teamCode1, "MS_1");
    (formulas[2] as unknown[])[5] = "=B3*0";
    assert.throws(() => locateMatch(formulas, rows, "7"), code("schedule_layout"));
  });

  test("a score cell with text that is not a score is 422 schedule_layout", () => {
    const odd = rows.map((row) => [...row]);
    (odd[2] as unknown[])[4] = "W/O";
    assert.throws(() => locateMatch(odd, odd, "7"), code("schedule_layout"));
  });

  test("no tab, no header, a missing score header or a duplicate is 422; an absent match is 404", () => {
    assert.throws(() => locateMatch(undefined, undefined, "7"), code("schedule_layout"));
    assert.throws(() => locateMatch([["a"]], [["a"]], "7"), code("schedule_layout"));
    const noScore = [["matchNumber", "teamCode1", "teamCode2", "team1Score"]];
    assert.throws(() => locateMatch(noScore, noScore, "7"), code("schedule_layout"));
    const twice = [...rows, ["C3", 7, "A", "B", null, null]];
    assert.throws(() => locateMatch(twice, twice, "7"), code("schedule_layout"));
    assert.throws(() => locateMatch(rows, rows, "99"), code("not_found"));
    assert.throws(() => locateMatch(rows, rows, ""), code("not_found"));
  });
});

describe("the score write allowlist", () => {
  const match = locateMatch(rows, rows, "7");
  const schedule = { title: "SCHEDULE", id: 0 };

  test("one match's two score cells with their note pass", () => {
    const cells = scoreCells(match, schedule, { team1Score: 1, team2Score: null }, "Ana · 2026-11-21 10:00");
    assert.deepEqual(
      cells.map((c) => [c.row, c.column, c.value]),
      [
        [2, 4, 1],
        [2, 5, null],
      ],
    );
  });

  test("any other cell, tab, row, count or value is refused before a request", () => {
    const good = scoreCells(match, schedule, { team1Score: 1, team2Score: 2 }, "n");
    const variants = [
      good.slice(0, 1),
      [...good, { ...good[0]!, column: 3 }],
      [{ ...good[0]!, row: 3 }, good[1]!],
      [{ ...good[0]!, column: 2 }, good[1]!],
      [good[1]!, good[0]!],
      [{ ...good[0]!, value: "=1+1" }, good[1]!],
    ];
    for (const cells of variants)
      assert.throws(() => assertScoreWrite(match, schedule, cells), code("internal_error"));
    assert.throws(() => assertScoreWrite(match, { title: "CSV", id: 7 }, good), code("internal_error"));
    assert.throws(
      () =>
        assertScoreWrite(
          { ...match, row: 0 },
          schedule,
          good.map((c) => ({ ...c, row: 0 })),
        ),
      code("internal_error"),
    );
  });
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cellName } from "../../src/shared/a1.ts";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { HALL_A, scoreBody, scorePath, TEAM1_SCORE } from "./schedule-fixture.ts";
import { scoreSuite } from "./score-harness.ts";

for (const makeBackend of SPREADSHEET_BACKENDS) {
  describe(`score PUT (${makeBackend.name})`, () => {
    const s = scoreSuite(makeBackend);
    const { put, scoreCells, clock } = s;
    describe("enter, correct and clear", () => {
      test("an operator's score is written to the two cells with an 'Operator console' note in Manila time", async () => {
        const res = await put(scorePath(1), scoreBody([null, null], [21, 17]));
        assert.equal(res.status, 200, res.text);
        const body = res.json();
        assert.deepEqual(
          { ...body, published: undefined },
          {
            matchNumber: 1,
            teamCode1: "MS_1",
            teamCode2: "MS_2",
            team1Score: 21,
            team2Score: 17,
            note: "Operator console · 2026-11-21 10:00",
            previousNote: null,
            published: undefined,
          },
        );
        const [one, two] = await scoreCells(1);
        assert.equal(one?.value, 21);
        assert.equal(two?.value, 17);
        assert.equal(one?.note, "Operator console · 2026-11-21 10:00");
        assert.equal(two?.note, "Operator console · 2026-11-21 10:00");
      });

      test("a scorer's note is its label: '<issuedTo> (<note>)', '<issuedTo>', 'Scorer link (<note>)', 'Scorer link'", async () => {
        const labels = [
          [{ to: "Ana", note: "Court 3" }, "Ana (Court 3)"],
          [{ to: "Ana" }, "Ana"],
          [{ note: "Court 3" }, "Scorer link (Court 3)"],
          [{}, "Scorer link"],
        ] as const;
        let previous: [number | null, number | null] = [null, null];
        for (const [index, [label, text]] of labels.entries()) {
          const token = s.t.scorerToken("open-sat", undefined, label);
          const scores: [number, number] = [index, 21];
          const res = await put(scorePath(1), scoreBody(previous, scores), token);
          assert.equal(res.status, 200, res.text);
          previous = scores;
          assert.equal((await scoreCells(1))[0]?.note, `${text} · 2026-11-21 10:00`);
        }
      });

      test("a correction replaces the scores when expected matches the sheet", async () => {
        const res = await put(scorePath(2), scoreBody([21, 15], [15, 21]));
        assert.equal(res.status, 200, res.text);
        assert.deepEqual([res.json().team1Score, res.json().team2Score], [15, 21]);
        assert.deepEqual(
          [res.json().note, res.json().previousNote],
          ["Operator console · 2026-11-21 10:00", null],
          "the seeded score was typed into the workbook by hand: no note",
        );
        assert.deepEqual(
          (await scoreCells(2)).map((cell) => cell.value),
          [15, 21],
        );
      });

      test("a clear (both null) empties both cells and notes who cleared them", async () => {
        const res = await put(scorePath(2), scoreBody([21, 15], [null, null]));
        assert.equal(res.status, 200, res.text);
        assert.deepEqual([res.json().team1Score, res.json().team2Score], [null, null]);
        const cells = await scoreCells(2);
        assert.deepEqual(
          cells.map((cell) => cell.value),
          [null, null],
        );
        assert.deepEqual(
          cells.map((cell) => cell.note),
          ["Operator console · 2026-11-21 10:00", "Operator console · 2026-11-21 10:00"],
        );
      });

      test('a score cell holding text such as "21" counts as that number', async () => {
        const res = await put(scorePath(4), scoreBody([21, 19], [21, 18]));
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(
          (await scoreCells(4)).map((cell) => cell.value),
          [21, 18],
        );
      });

      test("repeating a save that already landed succeeds without writing again", async () => {
        assert.equal((await put(scorePath(1), scoreBody([null, null], [21, 17]))).status, 200);
        clock.advance(60_000);
        const again = await put(scorePath(1), scoreBody([null, null], [21, 17]));
        assert.equal(again.status, 200, again.text);
        assert.equal((await scoreCells(1))[0]?.note, "Operator console · 2026-11-21 10:00");
        assert.equal(
          again.json().note,
          "Operator console · 2026-11-21 10:00",
          "who wrote it, a minute earlier",
        );
      });

      test("nothing but the two score cells changes", async () => {
        await put(scorePath(1), scoreBody([null, null], [21, 17]));
        for (const column of [0, 1, 2, 3]) {
          const cell = await s.backend.cell(HALL_A, "SCHEDULE", cellName(1, column));
          assert.equal(cell.note, undefined);
        }
        assert.equal((await s.backend.cell(HALL_A, "SCHEDULE", cellName(2, TEAM1_SCORE))).value, 21);
        assert.equal(
          (await s.backend.cell(HALL_A, "SCHEDULE", cellName(3, TEAM1_SCORE))).formula?.replace(/^=/, ""),
          "10+11",
        );
      });
    });

    describe("the expected-values precondition", () => {
      test("a mismatch is 409 score_conflict with current holding the four score-record fields", async () => {
        const res = await put(scorePath(2), scoreBody([null, null], [21, 10]));
        assert.equal(res.status, 409);
        assert.match(String(res.headers["content-type"]), /^application\/problem\+json/);
        const body = res.json();
        assert.equal(body.code, "score_conflict");
        assert.deepEqual(body.current, {
          teamCode1: "MS_3",
          teamCode2: "MS_4",
          team1Score: 21,
          team2Score: 15,
        });
        assert.deepEqual(
          (await scoreCells(2)).map((cell) => cell.value),
          [21, 15],
        );
      });

      test("who wrote the score: the answer's previousNote names the writer it replaced; a conflict's note names the writer of current", async () => {
        const umpire = s.t.scorerToken("open-sat", undefined, { to: "Ana", note: "Court 3" });
        assert.equal((await put(scorePath(1), scoreBody([null, null], [21, 19]), umpire)).status, 200);
        clock.advance(4 * 60_000);
        const stale = await put(scorePath(1), scoreBody([null, null], [21, 17]));
        assert.equal(stale.status, 409);
        assert.deepEqual([stale.json().current.team1Score, stale.json().current.team2Score], [21, 19]);
        assert.equal(stale.json().note, "Ana (Court 3) · 2026-11-21 10:00");
        const corrected = await put(scorePath(1), scoreBody([21, 19], [21, 17]));
        assert.equal(corrected.status, 200, corrected.text);
        assert.deepEqual(
          [corrected.json().note, corrected.json().previousNote],
          ["Operator console · 2026-11-21 10:04", "Ana (Court 3) · 2026-11-21 10:00"],
        );
      });

      test("the frozen twin answers the plain body with current", async () => {
        const res = await put(scorePath(2, "Hall A", "v1"), scoreBody([1, 2], [21, 10]));
        assert.equal(res.status, 409);
        assert.deepEqual(Object.keys(res.json()), ["error", "code", "current"]);
        assert.deepEqual(res.json().current, {
          teamCode1: "MS_3",
          teamCode2: "MS_4",
          team1Score: 21,
          team2Score: 15,
        });
      });

      test("two scorers saving the same match at once: exactly one wins, the other gets the winner's values", async () => {
        const [first, second] = [
          s.t.scorerToken("open-sat", undefined, { to: "Ana" }),
          s.t.scorerToken("open-sat", undefined, { to: "Ben" }),
        ];
        const answers = await Promise.all([
          put(scorePath(1), scoreBody([null, null], [21, 17]), first),
          put(scorePath(1), scoreBody([null, null], [19, 21]), second),
        ]);
        const won = answers.filter((res) => res.status === 200);
        const lost = answers.filter((res) => res.status === 409);
        assert.equal(won.length, 1, answers.map((res) => res.text).join("\n"));
        assert.equal(lost.length, 1);
        const winner = won[0]!.json();
        assert.equal(lost[0]!.json().code, "score_conflict");
        assert.deepEqual(lost[0]!.json().current, {
          teamCode1: "MS_1",
          teamCode2: "MS_2",
          team1Score: winner.team1Score,
          team2Score: winner.team2Score,
        });
        assert.deepEqual(
          (await scoreCells(1)).map((cell) => cell.value),
          [winner.team1Score, winner.team2Score],
        );
      });
    });

    test("the facility is then synced and published, and the response says what was published", async () => {
      clock.set("2026-11-21T03:00:00Z");
      const res = await put(scorePath(1), scoreBody([null, null], [11, 21]));
      assert.equal(res.status, 200, res.text);
      const { published } = res.json();
      const stored = await s.t.repository.read("open-2026/data/open-sat.json");
      assert.deepEqual(published, {
        facility: "ok",
        archive: { path: "open-2026/data/open-sat.json", status: "committed", revision: stored?.revision },
        live: { pushed: false },
      });
      const snapshot = JSON.parse(stored?.content ?? "{}");
      assert.equal(snapshot.editedAt, "2026-11-21T03:00:00.000Z");
      assert.match(snapshot.matchesCsv, /^Hall A,1,C1,MS_1,MS_2,11,21$/m);
    });

    test("the frozen twin saves the same way and carries Deprecation and a successor Link", async () => {
      const res = await put(scorePath(1, "Hall A", "v1"), scoreBody([null, null], [21, 17]));
      assert.equal(res.status, 200, res.text);
      assert.match(String(res.headers.deprecation), /^@\d+$/);
      assert.equal(
        res.headers.link,
        `</v3/days/open-sat/facilities/Hall%20A/matches/1/score>; rel=successor-version`,
      );
      assert.deepEqual(
        (await scoreCells(1)).map((cell) => cell.value),
        [21, 17],
      );
      assert.deepEqual(
        Object.keys(res.json()).sort(),
        ["matchNumber", "published", "team1Score", "team2Score", "teamCode1", "teamCode2"],
        "its body is 3.0's: the /v3 answer's notes stay out",
      );
    });
  });
}

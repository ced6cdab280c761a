import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cellName } from "../../src/shared/a1.ts";
import { SYNC_SECRET } from "../support/app.ts";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { HALL_A, scheduleWorkbook, scoreBody, scorePath, TEAM1_SCORE } from "./schedule-fixture.ts";
import { scoreSuite } from "./score-harness.ts";

for (const makeBackend of SPREADSHEET_BACKENDS) {
  describe(`score PUT rules (${makeBackend.name})`, () => {
    const s = scoreSuite(makeBackend);
    const { put, scoreCells } = s;
    describe("schedule layout and match lookup", () => {
      test("a score cell holding a formula is 422 schedule_layout and the formula stays", async () => {
        const res = await put(scorePath(3), scoreBody([21, null], [21, 3]));
        assert.equal(res.status, 422);
        assert.equal(res.json().code, "schedule_layout");
        assert.ok((await s.backend.cell(HALL_A, "SCHEDULE", cellName(3, TEAM1_SCORE))).formula);
      });

      test("a duplicate match number is 422 schedule_layout", async () => {
        const res = await put(scorePath(5), scoreBody([null, null], [21, 3]));
        assert.equal(res.status, 422);
        assert.equal(res.json().code, "schedule_layout");
      });

      test("a workbook with no SCHEDULE tab is 422 schedule_layout", async () => {
        const { CSV } = scheduleWorkbook();
        await s.backend.seed(HALL_A, { CSV: CSV ?? [] });
        const res = await put(scorePath(1), scoreBody([null, null], [21, 3]));
        assert.equal(res.status, 422);
        assert.equal(res.json().code, "schedule_layout");
      });

      test("a SCHEDULE tab missing a score header is 422 schedule_layout", async () => {
        await s.backend.seed(HALL_A, {
          SCHEDULE: [
            ["matchNumber", "teamCode1", "teamCode2", "team1Score"],
            [1, "A_1", "A_2", null],
          ],
        });
        assert.equal(
          (await put(scorePath(1), scoreBody([null, null], [21, 3]))).json().code,
          "schedule_layout",
        );
      });

      test("a match number that is not in SCHEDULE is 404 not_found", async () => {
        const res = await put(scorePath(99), scoreBody([null, null], [21, 3]));
        assert.equal(res.status, 404);
        assert.equal(res.json().code, "not_found");
      });
    });

    describe("body validation", () => {
      for (const [name, body] of [
        ["one score null and one a number", scoreBody([null, null], [21, null])],
        ["a score above 99", scoreBody([null, null], [100, 3])],
        ["a negative score", scoreBody([null, null], [-1, 3])],
        ["a fractional score", scoreBody([null, null], [21.5, 3])],
        ["a score as text", { ...scoreBody([null, null], [21, 3]), team1Score: "21" }],
        ["no expected", { team1Score: 21, team2Score: 3 }],
        ["an unknown member", { ...scoreBody([null, null], [21, 3]), winner: 1 }],
      ] as const) {
        test(`${name} is 400 validation_error and nothing is written`, async () => {
          const res = await put(scorePath(1), body);
          assert.equal(res.status, 400, res.text);
          assert.equal(res.json().code, "validation_error");
          assert.deepEqual(
            (await scoreCells(1)).map((cell) => cell.value),
            [null, null],
          );
        });
      }

      test("a body that is not JSON is 415", async () => {
        const res = await s.t.client.request("PUT", scorePath(1), {
          headers: { authorization: `Bearer ${s.t.operatorToken()}`, "content-type": "text/plain" },
          body: "21-17",
        });
        assert.equal(res.status, 415);
      });
    });

    describe("the scoreEntry checks on every use", () => {
      test("an event without scoreEntry is 403 score_entry_off", async () => {
        const res = await put(scorePath(1, "Arena", "v3", "teams-d1"), scoreBody([null, null], [21, 3]));
        assert.equal(res.status, 403);
        assert.equal(res.json().code, "score_entry_off");
      });

      test("a scorer token for another day is 403 forbidden", async () => {
        const res = await put(scorePath(1), scoreBody([null, null], [21, 3]), s.t.scorerToken("open-sun"));
        assert.equal(res.status, 403);
        assert.equal(res.json().code, "forbidden");
      });

      test("a scorer token while the event is console is 403 forbidden", async () => {
        const path = scorePath(1, "Court House", "v3", "dual-d1");
        const res = await put(path, scoreBody([null, null], [21, 3]), s.t.scorerToken("dual-d1"));
        assert.equal(res.status, 403);
        assert.equal(res.json().code, "forbidden");
      });

      test("the shared secret is never accepted (401), nor a desk token", async () => {
        const secret = await s.t.client.request("PUT", scorePath(1), {
          headers: { "x-sync-secret": SYNC_SECRET },
          body: scoreBody([null, null], [21, 3]),
        });
        assert.equal(secret.status, 401);
        assert.match(String(secret.headers["www-authenticate"]), /^Bearer realm=/);
        assert.equal(
          (await put(scorePath(1), scoreBody([null, null], [21, 3]), s.t.deskToken("open-sat"))).status,
          401,
        );
      });

      test("unknown day and facility are 404 on /v3 and 400 on the frozen twin", async () => {
        const body = scoreBody([null, null], [21, 3]);
        assert.equal((await put(scorePath(1, "Hall A", "v3", "no-day"), body)).status, 404);
        assert.equal((await put(scorePath(1, "Hall Z"), body)).status, 404);
        assert.equal((await put(scorePath(1, "Hall A", "v1", "no-day"), body)).status, 400);
        const facility = await put(scorePath(1, "Hall Z", "v1"), body);
        assert.equal(facility.status, 400);
        assert.equal(facility.json().code, "unknown_facility");
      });

      test("a facility without a workbook is 422 schedule_layout", async () => {
        const res = await put(scorePath(1, "Annex"), scoreBody([null, null], [21, 3]));
        assert.equal(res.status, 422);
        assert.equal(res.json().code, "schedule_layout");
      });
    });
  });
}

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAX_TRIES } from "../../src/adapters/google-sheets/index.ts";
import { cellName } from "../../src/shared/a1.ts";
import {
  HALL_A,
  scheduleWorkbook,
  scoreBody,
  scorePath,
  TEAM1_SCORE,
  TEAM2_SCORE,
} from "../scores/schedule-fixture.ts";
import { scoreSuite } from "../scores/score-harness.ts";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { CALLS_HEADER, callRows, matchPath, TEN } from "./courts-fixture.ts";

const OPERATOR = "Operator console";

for (const makeBackend of SPREADSHEET_BACKENDS) {
  describe(`the call PUT (${makeBackend.name})`, () => {
    const s = scoreSuite(makeBackend);
    const call = (match: number | string, court: unknown, token?: string) =>
      s.put(matchPath(match, "call"), { court }, token);
    const published = async () => {
      const file = await s.t.repository.read("open-2026/data/open-sat.json");
      const snapshot = JSON.parse(file?.content ?? "{}");
      return snapshot.facilities?.find((f: { name: string }) => f.name === "Hall A")?.callsCsv as
        | string
        | undefined;
    };

    test("a call is written to CALLS: 200 with the call, its row with the time in Manila and who called it, and the published snapshot carries it", async () => {
      const res = await call(1, "  Court   3 ");
      assert.equal(res.status, 200);
      const body = res.json();
      assert.deepEqual(
        { ...body, published: undefined },
        {
          matchNumber: 1,
          court: "Court 3",
          state: "called",
          calledAt: TEN,
          startedAt: null,
          endedAt: null,
          calledBy: OPERATOR,
          published: undefined,
        },
      );
      assert.equal(body.published.facility, "ok");
      assert.deepEqual(await callRows(s.backend), [
        CALLS_HEADER,
        ["1", "Court 3", TEN, "", "", OPERATOR, "called"],
      ]);
      assert.match(
        (await published()) ?? "",
        /^matchNumber,court,calledAt,startedAt,endedAt,calledBy,state\n1,Court 3,2026-11-21 10:00:00,,,Operator console,called$/m,
      );
    });

    test("a call moved to another court keeps its row, with the new court and the time of the move; the same court again changes nothing", async () => {
      await call(1, "Court 3");
      s.clock.advance(90_000);
      const moved = await call(1, "Court 5");
      assert.equal(moved.status, 200);
      assert.deepEqual([moved.json().court, moved.json().calledAt], ["Court 5", "2026-11-21 10:01:30"]);
      s.clock.advance(60_000);
      const again = await call(1, "court 5");
      assert.equal(again.status, 200);
      assert.deepEqual([again.json().court, again.json().calledAt], ["Court 5", "2026-11-21 10:01:30"]);
      assert.deepEqual(await callRows(s.backend), [
        CALLS_HEADER,
        ["1", "Court 5", "2026-11-21 10:01:30", "", "", OPERATOR, "called"],
      ]);
    });

    test("court null cancels the open call: 200, the row stays, cancelled, with when; 404 once there is no open call", async () => {
      await call(1, "Court 3");
      s.clock.advance(30_000);
      const cancelled = await call(1, null);
      assert.equal(cancelled.status, 200);
      assert.deepEqual(
        [cancelled.json().state, cancelled.json().endedAt],
        ["cancelled", "2026-11-21 10:00:30"],
      );
      assert.deepEqual(await callRows(s.backend), [
        CALLS_HEADER,
        ["1", "Court 3", TEN, "", "2026-11-21 10:00:30", OPERATOR, "cancelled"],
      ]);
      const none = await call(1, null);
      assert.equal(none.status, 404);
      assert.equal(none.json().code, "not_found");
      // A new call of the same match is a new row.
      assert.equal((await call(1, "Court 2")).status, 200);
      assert.equal((await callRows(s.backend))?.length, 3);
    });

    test("the final score ends the call (done, when); the score still writes only its two cells and their note", async () => {
      await call(1, "Court 3");
      s.clock.advance(20 * 60_000);
      const before = await s.backend.tab(HALL_A, "SCHEDULE");
      const saved = await s.put(scorePath(1), scoreBody([null, null], [21, 17]));
      assert.equal(saved.status, 200);
      assert.deepEqual(await callRows(s.backend), [
        CALLS_HEADER,
        ["1", "Court 3", TEN, "", "2026-11-21 10:20:00", OPERATOR, "done"],
      ]);
      const after = await s.backend.tab(HALL_A, "SCHEDULE");
      const changed: string[] = [];
      for (let r = 0; r < Math.max(before?.length ?? 0, after?.length ?? 0); r++)
        for (let c = 0; c < 8; c++)
          if (String(before?.[r]?.[c] ?? "") !== String(after?.[r]?.[c] ?? "")) changed.push(cellName(r, c));
      assert.deepEqual(changed, [cellName(1, TEAM1_SCORE), cellName(1, TEAM2_SCORE)]);
      // Cleared (not a final score), a match's call is left as it is.
      await call(6, "Court 4");
      assert.equal((await s.put(scorePath(6), scoreBody([null, null], [null, null]))).status, 200);
      assert.equal((await callRows(s.backend))?.[2]?.[6], "called");
    });

    // Only the Sheets fake can be told to fail a read, so this test is the Google Sheets adapter's alone.
    const faults = makeBackend.name === "sheets-fake" ? test : () => undefined;
    faults(
      "a CALLS read that fails does not fail the final score's save: 200, the score written, its call ended by the next call to that court",
      async () => {
        const fake = s.backend.fake;
        assert.ok(fake, "the Sheets fake");
        await call(1, "Court 3");
        fake.failNext({ status: 500, path: "values:batchGet", times: MAX_TRIES });
        const saved = await s.put(scorePath(1), scoreBody([null, null], [21, 17]));
        assert.equal(saved.status, 200);
        assert.deepEqual(
          (await s.scoreCells(1)).map((cell) => cell.value),
          [21, 17],
        );
        assert.equal((await callRows(s.backend))?.[1]?.[6], "called");
        assert.equal((await call(6, "Court 3")).status, 200);
        assert.deepEqual(
          (await callRows(s.backend))?.map((row) => row[6]),
          ["state", "done", "called"],
        );
      },
    );

    test("409 court_busy when another match's call on the court is not ended, naming that call; the tab keeps one open call there", async () => {
      await call(1, "Court 3");
      const busy = await call(6, "COURT 3");
      assert.equal(busy.status, 409);
      const problem = busy.json();
      assert.equal(problem.code, "court_busy");
      assert.match(problem.detail, /Court 3 is busy: match 1 is called there/);
      assert.deepEqual(
        [problem.call.matchNumber, problem.call.court, problem.call.state],
        [1, "Court 3", "called"],
      );
      assert.equal((await callRows(s.backend))?.length, 2);
      // Once that call is cancelled, the court is free.
      await call(1, null);
      assert.equal((await call(6, "Court 3")).status, 200);
    });

    test("a court held by a call whose match has a score since is free: that call is ended in the same write", async () => {
      await s.backend.seed(HALL_A, {
        ...scheduleWorkbook(),
        CALLS: [CALLS_HEADER, [2, "Court 3", TEN, TEN, "", OPERATOR, "playing"]],
      });
      const res = await call(1, "Court 3");
      assert.equal(res.status, 200);
      assert.deepEqual(await callRows(s.backend), [
        CALLS_HEADER,
        ["2", "Court 3", TEN, TEN, TEN, OPERATOR, "done"],
        ["1", "Court 3", TEN, "", "", OPERATOR, "called"],
      ]);
    });

    test("409 match_played for a match with a score; 404 for an unknown match, facility or day; 422 schedule_layout as the score PUT", async () => {
      const played = await call(2, "Court 1");
      assert.deepEqual([played.status, played.json().code], [409, "match_played"]);
      const unknownMatch = await call(99, "Court 1");
      assert.deepEqual([unknownMatch.status, unknownMatch.json().code], [404, "not_found"]);
      const unknownFacility = await s.put(matchPath(1, "call", "Hall Z"), { court: "Court 1" });
      assert.deepEqual([unknownFacility.status, unknownFacility.json().code], [404, "unknown_facility"]);
      const unknownDay = await s.put(matchPath(1, "call", "Hall A", "no-such-day"), { court: "Court 1" });
      assert.deepEqual([unknownDay.status, unknownDay.json().code], [404, "unknown_day"]);
      const duplicate = await call(5, "Court 1");
      assert.deepEqual([duplicate.status, duplicate.json().code], [422, "schedule_layout"]);
      const noWorkbook = await s.put(matchPath(1, "call", "Annex"), { court: "Court 1" });
      assert.deepEqual([noWorkbook.status, noWorkbook.json().code], [422, "schedule_layout"]);
      assert.deepEqual(await callRows(s.backend), [CALLS_HEADER]);
    });

    test("a CALLS tab the workbook lacks is created with its header and the call; one with another header row is 409 calls_layout", async () => {
      const { CALLS: _calls, ...withoutCalls } = scheduleWorkbook();
      await s.backend.seed(HALL_A, withoutCalls);
      assert.equal((await call(1, "Court 1")).status, 200);
      assert.deepEqual(await callRows(s.backend), [
        CALLS_HEADER,
        ["1", "Court 1", TEN, "", "", OPERATOR, "called"],
      ]);
      await s.backend.seed(HALL_A, { ...withoutCalls, CALLS: [["match", "court"]] });
      const layout = await call(1, "Court 1");
      assert.deepEqual([layout.status, layout.json().code], [409, "calls_layout"]);
    });

    test("400 for a court that is not text, empty after trimming or longer than 40 characters, a missing court or another member", async () => {
      for (const body of [
        { court: 3 },
        { court: " \t " },
        { court: "x".repeat(41) },
        {},
        { court: "Court 1", match: 1 },
      ]) {
        const res = await s.put(matchPath(1, "call"), body);
        assert.deepEqual([res.status, res.json().code], [400, "validation_error"], JSON.stringify(body));
      }
      assert.equal((await call(1, `${"x".repeat(40)}   `)).status, 200);
    });

    test("415 for a body that is not JSON, 413 past 64 KiB, 401 without an operator token (a scorer's or a desk's is the wrong kind)", async () => {
      const operator = { authorization: `Bearer ${s.t.operatorToken()}` };
      const text = await s.t.client.request("PUT", matchPath(1, "call"), {
        headers: { ...operator, "content-type": "text/plain" },
        body: "court=3",
      });
      assert.deepEqual([text.status, text.json().code], [415, "unsupported_media_type"]);
      const large = await s.put(matchPath(1, "call"), { court: "x".repeat(70 * 1024) });
      assert.deepEqual([large.status, large.json().code], [413, "payload_too_large"]);
      for (const token of [s.t.scorerToken("open-sat"), s.t.deskToken("open-sat"), "nonsense"]) {
        const res = await call(1, "Court 1", token);
        assert.deepEqual([res.status, res.json().code], [401, "unauthorized"]);
      }
      assert.deepEqual(await callRows(s.backend), [CALLS_HEADER]);
    });
  });
}

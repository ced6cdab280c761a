import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { linkIdOf } from "../../src/auth/link-id.ts";
import { cellName } from "../../src/shared/a1.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { SPREADSHEET_BACKENDS, type SpreadsheetBackend as WorkbookBackend } from "../support/backends.ts";
import { HALL_A, scheduleWorkbook, scoreBody, scorePath } from "./schedule-fixture.ts";

const ISSUE = "/v3/days/open-sat/scores/scorer-links";
const FROZEN_ISSUE = "/v1/days/open-sat/scores/scorer-links";

describe("scorer links", () => {
  const clock = manualClock("2026-11-21T02:00:00Z");
  let backend: WorkbookBackend;
  let t: TestApp;
  const issue = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.client.request("POST", path, {
      headers: { authorization: `Bearer ${t.operatorToken()}`, ...headers },
      body,
    });

  before(async () => {
    backend = await (SPREADSHEET_BACKENDS[0] as (typeof SPREADSHEET_BACKENDS)[number]).start();
    t = await startTestApp({
      clock,
      spreadsheets: backend.spreadsheets,
      env: { ARCHIVE_MIN_INTERVAL_MS: "0" },
    });
  });
  after(async () => {
    await t.close();
    await backend.close();
  });
  beforeEach(async () => {
    clock.set("2026-11-21T02:00:00Z");
    await backend.seed(HALL_A, scheduleWorkbook());
  });

  describe("issue (/v3)", () => {
    test("201 with token, expiresAt 24 hours after issue (epoch ms), day, issuedTo, note and the link's id", async () => {
      const res = await issue(ISSUE, { issuedTo: "  Ana \t Cruz ", note: "Court\u0007 3" });
      assert.equal(res.status, 201, res.text);
      const body = res.json();
      assert.deepEqual(Object.keys(body), ["token", "expiresAt", "day", "issuedTo", "note", "linkId"]);
      assert.equal(body.linkId, linkIdOf(body.token));
      assert.equal(body.expiresAt, Date.parse("2026-11-22T02:00:00Z"));
      assert.deepEqual([body.day, body.issuedTo, body.note], ["open-sat", "Ana Cruz", "Court 3"]);
      assert.equal(res.headers.location, undefined);
    });

    test("issuedTo and note are null when not given, and with no body at all", async () => {
      for (const body of [{}, undefined]) {
        const res = await issue(ISSUE, body);
        assert.equal(res.status, 201, res.text);
        assert.deepEqual([res.json().issuedTo, res.json().note], [null, null]);
      }
    });

    test("the label is signed into the token and names the writer of a score", async () => {
      const { token } = (await issue(ISSUE, { issuedTo: "Ana", note: "Court 3" })).json();
      const res = await t.client.request("PUT", scorePath(1), {
        headers: { authorization: `Bearer ${token}` },
        body: scoreBody([null, null], [21, 17]),
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(
        (await backend.cell(HALL_A, "SCHEDULE", cellName(1, 4))).note,
        "Ana (Court 3) · 2026-11-21 10:00",
      );
    });

    test("40 code points after trimming pass; 41 or non-text are 400 validation_error", async () => {
      const forty = "🏸".repeat(40);
      assert.equal((await issue(ISSUE, { issuedTo: `  ${forty}  ` })).status, 201);
      for (const body of [
        { issuedTo: "x".repeat(41) },
        { note: "é".repeat(41) },
        { issuedTo: 7 },
        { note: ["a"] },
        [1],
      ]) {
        const res = await issue(ISSUE, body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.json().code, "validation_error");
      }
    });

    test("a body that is not JSON is 415", async () => {
      const res = await issue(ISSUE, "issuedTo=Ana", { "content-type": "application/x-www-form-urlencoded" });
      assert.equal(res.status, 415);
    });

    test("operator only: a scorer token, a desk token and the secret are 401", async () => {
      for (const authorization of [
        `Bearer ${t.scorerToken("open-sat")}`,
        `Bearer ${t.deskToken("open-sat")}`,
      ]) {
        assert.equal((await t.client.request("POST", ISSUE, { headers: { authorization } })).status, 401);
      }
    });

    test("an event without scoreEntry is 403 score_entry_off; console is 403 forbidden", async () => {
      const off = await issue("/v3/days/teams-d1/scores/scorer-links");
      assert.deepEqual([off.status, off.json().code], [403, "score_entry_off"]);
      const console = await issue("/v3/days/dual-d1/scores/scorer-links");
      assert.deepEqual([console.status, console.json().code], [403, "forbidden"]);
    });

    test("an unknown day is 404 on /v3 and 400 on the frozen twin", async () => {
      assert.equal((await issue("/v3/days/no-day/scores/scorer-links")).status, 404);
      assert.equal((await issue("/v1/days/no-day/scores/scorer-links")).status, 400);
    });
  });

  describe("time rules (Asia/Manila)", () => {
    test("issued until 06:00 Manila on the morning after the day's date, refused (403 forbidden) from then", async () => {
      clock.set("2026-11-21T21:59:59.999Z"); // 05:59:59.999 on 22 November in Manila
      assert.equal((await issue(ISSUE)).status, 201);
      clock.set("2026-11-21T22:00:00Z");
      const refused = await issue(ISSUE);
      assert.deepEqual([refused.status, refused.json().code], [403, "forbidden"]);
      assert.equal((await issue(FROZEN_ISSUE)).status, 403);
    });

    test("a scorer token works for 24 hours after issue, then is 401", async () => {
      clock.set("2026-11-21T20:00:00Z");
      const { token } = (await issue(ISSUE)).json();
      const save = (scores: [number, number], expected: [number | null, number | null]) =>
        t.client.request("PUT", scorePath(1), {
          headers: { authorization: `Bearer ${token}` },
          body: scoreBody(expected, scores),
        });
      clock.set("2026-11-22T19:59:59.999Z");
      assert.equal((await save([21, 17], [null, null])).status, 200);
      clock.set("2026-11-22T20:00:00Z");
      assert.equal((await save([21, 18], [21, 17])).status, 401);
    });
  });

  describe("frozen POST /v1/days/:day/scores/scorer-links", () => {
    test("ignores any body and answers exactly { token, expiresAt, day } with Deprecation and Link", async () => {
      const res = await issue(FROZEN_ISSUE, { issuedTo: "Ana", note: "x".repeat(99) });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(Object.keys(res.json()), ["token", "expiresAt", "day"]);
      assert.match(String(res.headers.deprecation), /^@\d+$/);
      assert.equal(res.headers.link, "</v3/days/open-sat/scores/scorer-links>; rel=successor-version");
      const payload = JSON.parse(Buffer.from(res.json().token.split(".")[0], "base64url").toString());
      assert.deepEqual(Object.keys(payload), ["exp", "scope", "day"]);
    });
  });
});

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { linkIdOf } from "../../src/auth/link-id.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { SPREADSHEET_BACKENDS as BACKENDS, type SpreadsheetBackend as Backend } from "../support/backends.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import { type AttendanceApp, HEADER, PEOPLE, startAttendanceApp } from "./harness.ts";

const LINKS = "/v3/days/open-sat/attendance/desk-links";
const END_OF_SAT_MANILA = Date.parse("2026-11-21T16:00:00Z") - 1;

describe("desk links", () => {
  let backend: Backend;
  let t: AttendanceApp;
  const clock = manualClock("2026-11-21T02:00:00Z");

  before(async () => {
    backend = await (BACKENDS[0] as (typeof BACKENDS)[number]).start();
    await backend.seed("open-hall-a", {
      ATTENDANCE: [HEADER, ["ana cruz", "Ana Cruz", "MS_1", "MS", false, "", false]],
    });
    const registry = sampleRegistry();
    (registry.events["open-2026"].days as Record<string, unknown>)["open-nodate"] = {
      label: "No date",
      facilities: [],
    };
    t = await startAttendanceApp(backend.adapter(), { clock, registry });
  });
  after(async () => {
    await t.close();
    await backend.close();
  });
  const operator = () => ({ authorization: `Bearer ${t.operatorToken()}` });
  const post = (path: string, body?: unknown, headers: Record<string, string> = operator()) =>
    t.client.request("POST", path, { headers, body });

  test("201 { token, expiresAt, day, issuedTo, note, linkId }: null when not given, valid to the end of the day in Manila", async () => {
    const res = await post(LINKS);
    assert.equal(res.status, 201);
    const link = res.json();
    assert.deepEqual(Object.keys(link), ["token", "expiresAt", "day", "issuedTo", "note", "linkId"]);
    assert.deepEqual(
      { ...link, token: typeof link.token },
      {
        token: "string",
        expiresAt: END_OF_SAT_MANILA,
        day: "open-sat",
        issuedTo: null,
        note: null,
        linkId: linkIdOf(link.token),
      },
    );
    assert.equal(res.headers.location, undefined);
    const list = await t.client.request("GET", PEOPLE, {
      headers: { authorization: `Bearer ${link.token}` },
    });
    assert.equal(list.status, 200);
    clock.set(END_OF_SAT_MANILA + 1);
    const late = await t.client.request("GET", PEOPLE, {
      headers: { authorization: `Bearer ${link.token}` },
    });
    assert.equal(late.status, 401);
    clock.set("2026-11-21T02:00:00Z");
  });

  test("issuedTo and note: trimmed, whitespace collapsed, control characters removed, signed into the token", async () => {
    const res = await post(LINKS, { issuedTo: "  Gate\t\t2\u0007 ", note: " morning\n shift " });
    assert.equal(res.status, 201);
    assert.deepEqual([res.json().issuedTo, res.json().note], ["Gate 2", "morning shift"]);
    const payload = JSON.parse(Buffer.from(res.json().token.split(".")[0], "base64url").toString());
    assert.deepEqual(Object.keys(payload), ["exp", "scope", "day", "to", "note"]);
    assert.deepEqual(
      [payload.to, payload.note, payload.scope],
      ["Gate 2", "morning shift", "attendance-desk"],
    );
    const blank = await post(LINKS, { issuedTo: "   ", note: null });
    assert.deepEqual([blank.json().issuedTo, blank.json().note], [null, null]);
  });

  test("format characters, bidi controls and lone surrogates are removed in the trimming step (issue 16, row 9)", async () => {
    const res = await post(LINKS, {
      issuedTo: "\u202EGate 2\u202C\u200B",
      note: "\uFEFFmorning\u2066 shift\uD800\u200D",
    });
    assert.equal(res.status, 201);
    assert.deepEqual([res.json().issuedTo, res.json().note], ["Gate 2", "morning shift"]);
    const payload = JSON.parse(Buffer.from(res.json().token.split(".")[0], "base64url").toString());
    assert.deepEqual([payload.to, payload.note], ["Gate 2", "morning shift"]);
    const nothingLeft = await post(LINKS, { issuedTo: "\u200B\u202E\uDC00" });
    assert.equal(nothingLeft.json().issuedTo, null);
  });

  test("at most 40 code points after trimming; non-text or too long → 400; not JSON → 415", async () => {
    const forty = "é".repeat(20) + "😀".repeat(20);
    assert.equal((await post(LINKS, { issuedTo: `  ${forty}  ` })).status, 201);
    for (const body of [{ issuedTo: `${forty}x` }, { note: 42 }, { issuedTo: ["a"] }, "just text"]) {
      const res = await post(LINKS, typeof body === "string" ? JSON.stringify(body) : body, {
        ...operator(),
        "content-type": "application/json",
      });
      assert.deepEqual([res.status, res.json().code], [400, "validation_error"], JSON.stringify(body));
    }
    const text = await post(LINKS, "issuedTo=x", { ...operator(), "content-type": "text/plain" });
    assert.deepEqual([text.status, text.json().code], [415, "unsupported_media_type"]);
  });

  test("refused: attendance console → 403, attendance off → 404, no date → 403, unknown day → 404; operator only", async () => {
    const console = await post("/v3/days/dual-d1/attendance/desk-links");
    assert.deepEqual([console.status, console.json().code], [403, "forbidden"]);
    const off = await post("/v3/days/teams-d1/attendance/desk-links");
    assert.deepEqual([off.status, off.json().code], [404, "not_found"]);
    const noDate = await post("/v3/days/open-nodate/attendance/desk-links");
    assert.deepEqual([noDate.status, noDate.json().code], [403, "forbidden"]);
    const unknown = await post("/v3/days/nope/attendance/desk-links");
    assert.deepEqual([unknown.status, unknown.json().code], [404, "unknown_day"]);
    const desk = await post(LINKS, undefined, t.desk());
    assert.equal(desk.status, 401);
    const secret = await post(LINKS, undefined, { "x-sync-secret": "sync-secret-for-tests" });
    assert.equal(secret.status, 401);
  });

  test("a day already over gets no desk link (403)", async () => {
    clock.set("2026-11-22T02:00:00Z");
    try {
      const res = await post(LINKS);
      assert.deepEqual([res.status, res.json().code], [403, "forbidden"]);
      assert.equal((await post("/v3/days/open-sun/attendance/desk-links")).status, 201);
    } finally {
      clock.set("2026-11-21T02:00:00Z");
    }
  });

  test("the frozen /v1 twin ignores any body and answers exactly { token, expiresAt, day } with 201", async () => {
    const res = await post("/v1/days/open-sat/attendance/desk-links", { issuedTo: "ignored", note: 42 });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.json()), ["token", "expiresAt", "day"]);
    assert.equal(res.json().expiresAt, END_OF_SAT_MANILA);
    const payload = JSON.parse(Buffer.from(res.json().token.split(".")[0], "base64url").toString());
    assert.deepEqual(Object.keys(payload), ["exp", "scope", "day"]);
    assert.equal(res.headers.link, "</v3/days/open-sat/attendance/desk-links>; rel=successor-version");
    const unknown = await post("/v1/days/nope/attendance/desk-links");
    assert.deepEqual(
      [unknown.status, unknown.json()],
      [400, { error: 'day "nope" is not in the registry', code: "unknown_day" }],
    );
  });
});

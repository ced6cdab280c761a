import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { MAX_TRIES } from "../../src/adapters/google-sheets/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { SPREADSHEET_BACKENDS as BACKENDS, type SpreadsheetBackend as Backend } from "../support/backends.ts";
import { type AttendanceApp, HEADER, PEOPLE, startAttendanceApp } from "./harness.ts";

const TAB = [
  [...HEADER, "notes", "T-Shirt Size", "Shirt Size"],
  ["ana cruz", "Ana Cruz", "MS_1, XD_2", "MS, XD", true, "2026-11-21 09:05", false, "", "M", "L"],
  ["", "Nobody", "", "", false, "", false],
  ["José  Reyes", "", "WS_3", "WS", false, "", true],
  ["ana cruz", "Ana Again", "MS_9", "MS", false, "", false],
  ["ben lim", "Ben Lim", "MD_1,,", "MD", "FALSE", "", "yes"],
];

for (const { name, start } of BACKENDS) {
  describe(`attendance list (${name})`, () => {
    let backend: Backend;
    let t: AttendanceApp;
    const clock = manualClock("2026-11-21T02:00:00Z");

    before(async () => {
      backend = await start();
      t = await startAttendanceApp(backend.adapter(), { clock });
    });
    after(async () => {
      await t.close();
      await backend.close();
    });
    beforeEach(async () => {
      clock.advance(60_000); // past any cached list
      await backend.seed("open-hall-a", { ATTENDANCE: TAB });
      await backend.seed("open-hall-b", { SCHEDULE: [["matchNumber"]] });
      backend.fake?.resetLog();
    });

    test("the Person array in sheet order: first row of a key wins, blank keys skipped, Cache-Control no-store", async () => {
      const res = await t.client.request("GET", PEOPLE, { headers: t.operator });
      assert.equal(res.status, 200);
      assert.equal(res.headers["cache-control"], "no-store");
      assert.deepEqual(res.json(), [
        {
          key: "ana cruz",
          player: "Ana Cruz",
          teams: ["MS_1", "XD_2"],
          categories: ["MS", "XD"],
          present: true,
          timeIn: "2026-11-21 09:05",
          withdrawn: false,
          shirt: "M",
        },
        {
          key: "jose reyes",
          player: "jose reyes",
          teams: ["WS_3"],
          categories: ["WS"],
          present: false,
          timeIn: "",
          withdrawn: true,
          shirt: "",
        },
        {
          key: "ben lim",
          player: "Ben Lim",
          teams: ["MD_1"],
          categories: ["MD"],
          present: false,
          timeIn: "",
          withdrawn: false,
          shirt: "",
        },
      ]);
    });

    test("a workbook with no ATTENDANCE tab lists as []", async () => {
      const res = await t.client.request("GET", "/v3/days/open-sat/facilities/Hall%20B/people", {
        headers: t.desk(),
      });
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), []);
    });

    test("a wrong header row is 409 attendance_layout; columns beyond G never trip it", async () => {
      await backend.seed("open-hall-a", {
        ATTENDANCE: [["key", "name", "teams", "categories", "present", "timeIn", "withdrawn"]],
      });
      const wrong = await t.client.request("GET", PEOPLE, { headers: t.operator });
      assert.equal(wrong.status, 409);
      assert.equal(wrong.json().code, "attendance_layout");
      clock.advance(60_000);
      await backend.seed("open-hall-a", {
        ATTENDANCE: [
          [...HEADER, "anything", "at all"],
          ["x", "X"],
        ],
      });
      const fine = await t.client.request("GET", PEOPLE, { headers: t.operator });
      assert.equal(fine.status, 200);
      assert.equal(fine.json().length, 1);
    });

    if (name === "sheets-fake") {
      test("cached 10 s per workbook and shared by concurrent callers; a failed read is not cached", async () => {
        const fake = backend.fake!;
        const answers = await Promise.all(
          [1, 2, 3, 4].map(() => t.client.request("GET", PEOPLE, { headers: t.operator })),
        );
        assert.deepEqual(
          answers.map((r) => r.status),
          [200, 200, 200, 200],
        );
        assert.equal(fake.count("values:batchGet"), 1);
        clock.advance(9_999);
        await t.client.request("GET", PEOPLE, { headers: t.desk() });
        assert.equal(fake.count("values:batchGet"), 1);
        clock.advance(1);
        fake.failNext({ status: 500, times: MAX_TRIES });
        const failed = await t.client.request("GET", PEOPLE, { headers: t.operator });
        assert.equal(failed.status, 502);
        const again = await t.client.request("GET", PEOPLE, { headers: t.operator });
        assert.equal(again.status, 200);
        assert.equal(fake.count("values:batchGet"), 2 + MAX_TRIES);
      });

      test("a write to the tab drops the cached list", async () => {
        const fake = backend.fake!;
        await t.client.request("GET", PEOPLE, { headers: t.operator });
        const marked = await t.client.request(
          "PUT",
          "/v3/days/open-sat/facilities/Hall%20A/people/ben%20lim/attendance",
          {
            headers: t.operator,
            body: { present: true },
          },
        );
        assert.equal(marked.status, 200);
        const list = await t.client.request("GET", PEOPLE, { headers: t.operator });
        assert.equal(list.json()[2].present, true);
        assert.equal(fake.count("values:batchGet"), 3); // list, mark's fresh read, list again
      });
    }
  });
}

describe("attendance list: the check order of the spec", () => {
  let t: AttendanceApp;
  let backend: Backend;
  before(async () => {
    backend = await (BACKENDS[0] as (typeof BACKENDS)[number]).start();
    await backend.seed("open-hall-a", { ATTENDANCE: TAB });
    t = await startAttendanceApp(backend.adapter());
  });
  after(async () => {
    await t.close();
    await backend.close();
  });

  const get = (path: string, headers: Record<string, string>) => t.client.request("GET", path, { headers });

  test("attendance off for the event → 404 not_found, for operators and desks alike", async () => {
    const operator = await get("/v3/days/teams-d1/facilities/Arena/people", t.operator);
    assert.equal(operator.status, 404);
    assert.equal(operator.json().code, "not_found");
    const desk = await get("/v3/days/teams-d1/facilities/Nowhere/people", t.desk("teams-d1"));
    assert.equal(desk.json().code, "not_found");
  });

  test("a desk token for another day → 403, even before an unknown facility or day", async () => {
    for (const path of [
      PEOPLE,
      "/v3/days/open-sat/facilities/Nowhere/people",
      "/v3/days/no-such-day/facilities/X/people",
    ]) {
      const res = await get(path, t.desk("open-sun"));
      assert.equal(res.status, 403, path);
      assert.equal(res.json().code, "forbidden");
    }
  });

  test("any desk token while attendance is console → 403", async () => {
    const res = await get("/v3/days/dual-d1/facilities/Court%20House/people", t.desk("dual-d1"));
    assert.equal(res.status, 403);
    assert.equal(res.json().code, "forbidden");
  });

  test("unknown day or facility → 404 unknown_day / unknown_facility", async () => {
    const day = await get("/v3/days/no-such-day/facilities/Hall%20A/people", t.operator);
    assert.deepEqual([day.status, day.json().code], [404, "unknown_day"]);
    const facility = await get("/v3/days/open-sat/facilities/Nowhere/people", t.desk());
    assert.deepEqual([facility.status, facility.json().code], [404, "unknown_facility"]);
  });

  test("no token, a scorer token or the sync secret → 401", async () => {
    assert.equal((await get(PEOPLE, {})).status, 401);
    assert.equal((await get(PEOPLE, { authorization: `Bearer ${t.scorerToken("open-sat")}` })).status, 401);
    assert.equal((await get(PEOPLE, { "x-sync-secret": "sync-secret-for-tests" })).status, 401);
  });

  test("a facility with no workbook lists as []", async () => {
    const res = await get("/v3/days/open-sat/facilities/Annex/people", t.operator);
    assert.deepEqual([res.status, res.json()], [200, []]);
  });
});

import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { manualClock } from "../../src/shared/clock.ts";
import { SPREADSHEET_BACKENDS as BACKENDS, type SpreadsheetBackend as Backend } from "../support/backends.ts";
import type { TestCell } from "../support/workbooks.ts";
import { type AttendanceApp, HEADER, markPath, startAttendanceApp } from "./harness.ts";

const ROWS: TestCell[][] = [
  ["ana cruz", "Ana Cruz", "MS_1", "MS", false, "", false],
  ["ben lim", "Ben Lim", "MD_1", "MD", false, "", false],
  ["cara diaz", "Cara Díaz", "WS_1", "WS", true, "2026-11-21 08:30", false],
  ["dan uy", "Dan Uy", "XD_1", "XD", false, "", false],
];
const tab = (header: TestCell[] = HEADER, rows: TestCell[][] = ROWS) => ({ ATTENDANCE: [header, ...rows] });

for (const { name, start } of BACKENDS) {
  describe(`attendance mark (${name})`, () => {
    let backend: Backend;
    let t: AttendanceApp;
    const clock = manualClock("2026-11-21T02:00:00Z"); // 10:00 in Manila
    const put = (key: string, present: unknown, headers = t.operator, path = markPath(key)) =>
      t.client.request("PUT", path, { headers, body: { present } });

    before(async () => {
      backend = await start();
      t = await startAttendanceApp(backend.adapter(), { clock });
    });
    after(async () => {
      await t.close();
      await backend.close();
    });
    beforeEach(async () => {
      clock.set("2026-11-21T02:00:00Z");
      await backend.seed("open-hall-a", tab());
      backend.fake?.resetLog();
      t.relay.nudges.length = 0;
    });

    test("writes E:F and the markedBy cell in one call, claiming the first blank column H with its header", async () => {
      const res = await put("ben lim", true);
      assert.equal(res.status, 200);
      assert.deepEqual(res.json(), {
        key: "ben lim",
        player: "Ben Lim",
        teams: ["MD_1"],
        categories: ["MD"],
        present: true,
        timeIn: "2026-11-21 10:00",
        withdrawn: false,
        shirt: "",
      });
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.equal(rows?.[0]?.[7], "markedBy");
      assert.deepEqual(rows?.[2]?.slice(4), [
        "TRUE",
        "2026-11-21 10:00",
        "FALSE",
        "In · Operator console · 10:00",
      ]);
      assert.equal((await backend.cell("open-hall-a", "ATTENDANCE", "E3")).value, true);
      if (backend.fake) {
        assert.equal(backend.fake.count("values:batchGet"), 1);
        assert.equal(backend.fake.count("values:batchUpdate"), 1);
        assert.equal(backend.fake.count(), 2);
      }
      assert.deepEqual(t.relay.nudges, ["open-2026/open-sat/Hall A"]);
    });

    test("a desk link's label: issuedTo (note); the key in the path is normalised", async () => {
      const res = await put("  ANA   Cruz ", true, t.desk("open-sat", { to: "Gate 2", note: "AM" }));
      assert.equal(res.status, 200);
      clock.advance(5 * 60_000);
      await put("ben lim", true, t.desk("open-sat", { note: "AM" }));
      await put("dan uy", true, t.desk("open-sat"));
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.equal(rows?.[1]?.[7], "In · Gate 2 (AM) · 10:00");
      assert.equal(rows?.[2]?.[7], "In · Desk link (AM) · 10:05");
      assert.equal(rows?.[4]?.[7], "In · Desk link · 10:05");
    });

    test("a column headed markedBy wins; J is never used; none free → written without it", async () => {
      await backend.seed("open-hall-a", tab([...HEADER, "notes", "", "", "", "markedBy"]));
      await put("ana cruz", true);
      assert.equal(
        (await backend.tab("open-hall-a", "ATTENDANCE"))?.[1]?.[11],
        "In · Operator console · 10:00",
      );

      await backend.seed(
        "open-hall-a",
        tab([...HEADER, "notes", "club"], [["ana cruz", "Ana", "", "", false, "", false, "", ""]]),
      );
      await put("ana cruz", true);
      const k = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.equal(k?.[0]?.[9] ?? "", "");
      assert.deepEqual([k?.[0]?.[10], k?.[1]?.[10]], ["markedBy", "In · Operator console · 10:00"]);

      const full: TestCell[] = [
        ...HEADER,
        ...Array.from({ length: 19 }, (_, i) => (i === 2 ? "" : `op${i}`)),
      ];
      await backend.seed("open-hall-a", tab(full, [["ana cruz", "Ana", "", "", false, "", false]]));
      const res = await put("ana cruz", true);
      assert.equal(res.status, 200);
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.deepEqual(rows?.[1]?.slice(4, 7), ["TRUE", "2026-11-21 10:00", "FALSE"]);
      assert.equal(rows?.[0]?.[9] ?? "", "");
      assert.equal(rows?.[1]?.[9] ?? "", "");
    });

    test("a mark that changes nothing writes nothing and sends no nudge; a repeat keeps the first timeIn", async () => {
      const res = await put("cara diaz", true);
      assert.equal(res.status, 200);
      assert.equal(res.json().timeIn, "2026-11-21 08:30");
      const already = await put("ben lim", false);
      assert.equal(already.json().present, false);
      if (backend.fake) assert.equal(backend.fake.count("values:batchUpdate"), 0);
      assert.deepEqual(t.relay.nudges, []);
      assert.equal((await backend.tab("open-hall-a", "ATTENDANCE"))?.[0]?.[7] ?? "", "");
    });

    test("unmarking clears timeIn and writes an Out markedBy; one nudge per changing write", async () => {
      clock.advance(90 * 60_000);
      const res = await put("cara diaz", false);
      assert.deepEqual([res.json().present, res.json().timeIn], [false, ""]);
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.deepEqual(rows?.[3]?.slice(4), ["FALSE", "", "FALSE", "Out · Operator console · 11:30"]);
      await put("cara diaz", true);
      assert.equal((await backend.tab("open-hall-a", "ATTENDANCE"))?.[3]?.[5], "2026-11-21 11:30");
      assert.deepEqual(t.relay.nudges, ["open-2026/open-sat/Hall A", "open-2026/open-sat/Hall A"]);
    });

    test("an unknown person key is 404 not_found; a bad body is 400; a non-JSON body is 415", async () => {
      const missing = await put("zed", true);
      assert.deepEqual([missing.status, missing.json().code], [404, "not_found"]);
      for (const body of [{}, { present: "yes" }, { present: 1 }]) {
        const bad = await t.client.request("PUT", markPath("ana cruz"), { headers: t.operator, body });
        assert.deepEqual([bad.status, bad.json().code], [400, "validation_error"], JSON.stringify(body));
      }
      const none = await t.client.request("PUT", markPath("ana cruz"), { headers: t.operator });
      assert.equal(none.status, 400);
      const text = await t.client.request("PUT", markPath("ana cruz"), {
        headers: { ...t.operator, "content-type": "text/plain" },
        body: "present=true",
      });
      assert.deepEqual([text.status, text.json().code], [415, "unsupported_media_type"]);
      assert.deepEqual(t.relay.nudges, []);
    });

    test("the frozen /v1 twin: same behaviour, plain errors, 400 for an unknown day or facility", async () => {
      const res = await put(
        "dan uy",
        true,
        t.operator,
        "/v1/days/open-sat/facilities/Hall%20A/attendance/dan%20uy",
      );
      assert.equal(res.status, 200);
      assert.equal(res.json().present, true);
      assert.match(String(res.headers.deprecation), /^@\d+$/);
      assert.equal(
        res.headers.link,
        "</v3/days/open-sat/facilities/Hall%20A/people/dan%20uy/attendance>; rel=successor-version",
      );
      const day = await put(
        "dan uy",
        true,
        t.operator,
        "/v1/days/nope/facilities/Hall%20A/attendance/dan%20uy",
      );
      assert.deepEqual(
        [day.status, day.json()],
        [400, { error: 'day "nope" is not in the registry', code: "unknown_day" }],
      );
      const facility = await put(
        "dan uy",
        true,
        t.desk(),
        "/v1/days/open-sat/facilities/Nope/attendance/dan%20uy",
      );
      assert.deepEqual([facility.status, facility.json().code], [400, "unknown_facility"]);
      const other = await put(
        "dan uy",
        true,
        t.desk("open-sun"),
        "/v1/days/open-sat/facilities/Hall%20A/attendance/dan%20uy",
      );
      assert.deepEqual([other.status, other.json().code], [403, "forbidden"]);
    });

    test("three instances marking different people at once: all marks land, one markedBy column claimed", async () => {
      const others = [
        await startAttendanceApp(backend.adapter(), { clock }),
        await startAttendanceApp(backend.adapter(), { clock }),
      ];
      try {
        const instances = [t, ...others];
        const keys = ["ana cruz", "ben lim", "dan uy"];
        const answers = await Promise.all(
          instances.map((app, i) =>
            app.client.request("PUT", markPath(keys[i] ?? ""), {
              headers: app.operator,
              body: { present: true },
            }),
          ),
        );
        assert.deepEqual(
          answers.map((r) => r.status),
          [200, 200, 200],
        );
        const rows = (await backend.tab("open-hall-a", "ATTENDANCE")) ?? [];
        for (const row of [1, 2, 4]) {
          assert.deepEqual(rows[row]?.slice(4, 8), [
            "TRUE",
            "2026-11-21 10:00",
            "FALSE",
            "In · Operator console · 10:00",
          ]);
        }
        assert.deepEqual(rows[0]?.slice(7), ["markedBy"]);
        assert.ok(rows.every((row) => row.length <= 8));
      } finally {
        for (const app of others) await app.close();
      }
    });
  });
}

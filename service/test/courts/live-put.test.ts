import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { keptPoints } from "../../src/features/courts/kept-points.ts";
import { LIVE_UPDATES_PER_SECOND } from "../../src/features/courts/live-rate.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { HALL_A, scoreBody, scorePath } from "../scores/schedule-fixture.ts";
import { scoreSuite } from "../scores/score-harness.ts";
import { SPREADSHEET_BACKENDS } from "../support/backends.ts";
import { standInRelay } from "../support/stand-in-relay.ts";
import { CALLS_HEADER, callRows, matchPath, TEN } from "./courts-fixture.ts";

const point = (seq: number, team1Points: number, team2Points: number, extra: object = {}) => ({
  seq,
  team1Points,
  team2Points,
  ...extra,
});

/** A stand-in relay that keeps points as the relay does (the instance's own rule) and records what it is told. */
function keepingRelay() {
  const kept = keptPoints(manualClock("2026-11-21T02:00:00Z"));
  const ended: string[] = [];
  let failing = false;
  const relay = {
    ...standInRelay(),
    ended,
    failing(on: boolean) {
      failing = on;
    },
    pushLivePoint: async (_event: string, day: string, update: Parameters<typeof kept.take>[1]) => {
      if (failing) throw new Error("relay unreachable");
      return kept.take(day, update);
    },
    endLivePoint: async (event: string, day: string, facility: string, matchNumber: string) => {
      ended.push(`${event}/${day}/${facility}/${matchNumber}`);
    },
  };
  return relay;
}

for (const makeBackend of SPREADSHEET_BACKENDS) {
  describe(`the live PUT (${makeBackend.name})`, () => {
    const relay = keepingRelay();
    const s = scoreSuite(makeBackend, { liveRelay: relay });
    const live = (match: number | string, body: unknown, token?: string) =>
      s.put(matchPath(match, "live"), body, token);
    const call = (match: number, court: string | null) => s.put(matchPath(match, "call"), { court });

    test("200 with the live state as it now stands; a seq not above the last accepted one changes nothing", async () => {
      const first = await live(6, point(1, 1, 0, { game: 1, serving: 1 }));
      assert.equal(first.status, 200);
      const state = first.json();
      assert.deepEqual(
        { ...state, at: undefined },
        {
          matchNumber: "6",
          seq: 1,
          team1Points: 1,
          team2Points: 0,
          game: 1,
          serving: 1,
          at: undefined,
          accepted: true,
          ended: false,
          relayed: true,
        },
      );
      s.clock.advance(1_000);
      assert.equal((await live(6, point(2, 2, 0))).json().accepted, true);
      for (const stale of [point(2, 5, 5), point(1, 0, 0)]) {
        const answer = (await live(6, stale)).json();
        assert.deepEqual(
          [answer.accepted, answer.seq, answer.team1Points, answer.team2Points],
          [false, 2, 2, 0],
        );
      }
    });

    test("the first live point sets the match's call playing with when it started; live points are never written to SCHEDULE", async () => {
      await call(7, "Court 2");
      const schedule = await s.backend.tab(HALL_A, "SCHEDULE");
      s.clock.advance(5 * 60_000);
      assert.equal((await live(7, point(1, 0, 0))).status, 200);
      // The start is written beside the answer, not before it.
      for (let tries = 0; tries < 100 && (await callRows(s.backend))?.[1]?.[6] !== "playing"; tries++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(await callRows(s.backend), [
        CALLS_HEADER,
        ["7", "Court 2", TEN, "2026-11-21 10:05:00", "", "Operator console", "playing"],
      ]);
      s.clock.advance(1_000);
      assert.equal((await live(7, point(2, 1, 0))).status, 200);
      assert.deepEqual(await s.backend.tab(HALL_A, "SCHEDULE"), schedule);
    });

    test("the final score drops the live state (the relay is told), and later points are 409 match_played", async () => {
      await live(6, point(40, 20, 19));
      s.clock.advance(1_000);
      await live(6, point(41, 21, 19));
      assert.equal((await s.put(scorePath(6), scoreBody([null, null], [21, 19]))).status, 200);
      assert.deepEqual(relay.ended.slice(-1), ["open-2026/open-sat/Hall A/6"]);
      s.clock.advance(1_000);
      const late = await live(6, point(42, 21, 20));
      assert.deepEqual([late.status, late.json().code], [409, "match_played"]);
      const played = await live(2, point(1, 0, 0));
      assert.deepEqual([played.status, played.json().code], [409, "match_played"]);
    });

    test("a cancelled call drops the match's live state", async () => {
      await call(7, "Court 2");
      await live(7, point(1, 0, 0));
      relay.ended.length = 0;
      assert.equal((await call(7, null)).status, 200);
      assert.deepEqual(relay.ended, ["open-2026/open-sat/Hall A/7"]);
    });

    test(`429 with Retry-After past ${LIVE_UPDATES_PER_SECOND} updates a second for one match; another match is not held back, and a second later it is taken again`, async () => {
      for (let seq = 100; seq < 100 + LIVE_UPDATES_PER_SECOND; seq++)
        assert.equal((await live(1, point(seq, 1, 0))).status, 200);
      const limited = await live(1, point(200, 2, 0));
      assert.deepEqual(
        [limited.status, limited.json().code, limited.headers["retry-after"]],
        [429, "rate_limited", "1"],
      );
      assert.equal((await live(7, point(100, 1, 0))).status, 200);
      s.clock.advance(1_000);
      assert.equal((await live(1, point(201, 2, 0))).json().seq, 201);
    });

    test("scorer links of the day while score entry is links, and operators: 200; another day's scorer and any desk link: 403", async () => {
      assert.equal(
        (await live(1, point(1, 0, 0), s.t.scorerToken("open-sat", undefined, { to: "Ana" }))).status,
        200,
      );
      const otherDay = await live(1, point(2, 0, 0), s.t.scorerToken("open-sun"));
      assert.deepEqual([otherDay.status, otherDay.json().code], [403, "forbidden"]);
      const desk = await live(1, point(3, 0, 0), s.t.deskToken("open-sat"));
      assert.deepEqual([desk.status, desk.json().code], [403, "forbidden"]);
      const none = await live(1, point(4, 0, 0), "nonsense");
      assert.deepEqual([none.status, none.json().code], [401, "unauthorized"]);
    });

    test("404 for an unknown match, facility or day; 422 schedule_layout for a duplicate match number or no workbook", async () => {
      for (const [path, status, code] of [
        [matchPath(99, "live"), 404, "not_found"],
        [matchPath(1, "live", "Hall Z"), 404, "unknown_facility"],
        [matchPath(1, "live", "Hall A", "no-such-day"), 404, "unknown_day"],
        [matchPath(5, "live"), 422, "schedule_layout"],
        [matchPath(1, "live", "Annex"), 422, "schedule_layout"],
      ] as const) {
        const res = await s.put(path, point(1, 0, 0));
        assert.deepEqual([res.status, res.json().code], [status, code], path);
      }
    });

    test("400 for points outside 0 to 99 or not whole, a seq below 1, a serving side other than 1 or 2, a missing or unknown member; 415 and 413 as every body", async () => {
      for (const body of [
        point(1, 100, 0),
        point(1, -1, 0),
        point(1, 1.5, 0),
        point(0, 0, 0),
        point(1, 0, 0, { serving: 3 }),
        point(1, 0, 0, { game: 0 }),
        { seq: 1, team1Points: 0 },
        point(1, 0, 0, { note: "x" }),
      ]) {
        const res = await live(1, body);
        assert.deepEqual([res.status, res.json().code], [400, "validation_error"], JSON.stringify(body));
      }
      const text = await s.t.client.request("PUT", matchPath(1, "live"), {
        headers: { authorization: `Bearer ${s.t.operatorToken()}`, "content-type": "text/plain" },
        body: "1,0,0",
      });
      assert.deepEqual([text.status, text.json().code], [415, "unsupported_media_type"]);
      const large = await live(1, point(1, 0, 0, { pad: "x".repeat(70 * 1024) }));
      assert.deepEqual([large.status, large.json().code], [413, "payload_too_large"]);
    });

    test("the relay out of reach: the point is kept on this instance (relayed false) and its seq rule holds", async () => {
      relay.failing(true);
      try {
        const kept = (await live(1, point(500, 3, 3))).json();
        assert.deepEqual([kept.accepted, kept.relayed], [true, false]);
        s.clock.advance(1_000);
        assert.deepEqual([(await live(1, point(499, 0, 0))).json().accepted], [false]);
      } finally {
        relay.failing(false);
      }
    });
  });
}

describe("the live PUT when score entry is off, or for the operators only", () => {
  const s = scoreSuite(SPREADSHEET_BACKENDS.find((backend) => backend.name === "local")!);

  test("403 score_entry_off where the event has no score entry; a scorer link while the event is console is 403", async () => {
    const off = await s.put(matchPath(1, "live", "Arena", "teams-d1"), point(1, 0, 0));
    assert.deepEqual([off.status, off.json().code], [403, "score_entry_off"]);
    const consoleOnly = await s.put(
      matchPath(1, "live", "Court House", "dual-d1"),
      point(1, 0, 0),
      s.t.scorerToken("dual-d1"),
    );
    assert.deepEqual([consoleOnly.status, consoleOnly.json().code], [403, "forbidden"]);
  });
});

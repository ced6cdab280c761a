// Now and next with calls (docs/pages.md, "On court and next"): the calls first, the schedule's
// court and time only where there are none; one module every page reads.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { callsOf, callTime, latestCalls } from "../../src/lib/courts/calls.ts";
import { courtsNow, placedByCalls } from "../../src/lib/data/courts.ts";
import { facilityMatches, playerNow, playerOf } from "../../src/lib/data/players.ts";
import type { FacilitySnapshot } from "../../src/lib/data/snapshot.ts";
import { beat, type CallCells, callsCsv, matchesCsv } from "../support/match-table.ts";

/** 09:40 in Manila on Sunday 29 November 2026. */
const AT_0940 = Date.parse("2026-11-29T09:40:00+08:00");

/** Hall A: four matches planned on Court 1 and Court 2, one played already. */
function hall(calls?: CallCells[], scored: Record<number, 1 | 2> = {}): FacilitySnapshot {
  const rows = [
    {
      matchNumber: 1,
      time: "09:00",
      court: "Court 1",
      team1: "Ana Cruz",
      teamCode1: "WS_1",
      team2: "Bea Lim",
      teamCode2: "WS_2",
    },
    {
      matchNumber: 2,
      time: "09:30",
      court: "Court 1",
      team1: "Cora Tan",
      teamCode1: "WS_3",
      team2: "Dina Yu",
      teamCode2: "WS_4",
    },
    {
      matchNumber: 3,
      time: "10:00",
      court: "Court 1",
      team1: "Eva Go",
      teamCode1: "WS_5",
      team2: "Fe Sy",
      teamCode2: "WS_6",
    },
    {
      matchNumber: 4,
      time: "09:00",
      court: "Court 2",
      team1: "Gia Ong",
      teamCode1: "WS_7",
      team2: "Hana Co",
      teamCode2: "WS_8",
    },
  ].map((row) => (scored[row.matchNumber] ? { ...row, ...beat(scored[row.matchNumber] as 1 | 2) } : row));
  return {
    name: "Hall A",
    status: "ok",
    fetchedAt: "2026-11-29T01:00:00.000Z",
    matchesCsv: matchesCsv(rows),
    standingsCsv: "",
    ...(calls ? { callsCsv: callsCsv(calls) } : {}),
  };
}

const numbers = (court?: {
  onCourt?: { matchNumber: string };
  next?: { matchNumber: string };
  last?: { matchNumber: string };
}) => [court?.onCourt?.matchNumber, court?.next?.matchNumber, court?.last?.matchNumber];
const now = (facility: FacilitySnapshot, at = AT_0940, inPlay?: Set<string>) =>
  courtsNow(facilityMatches(facility, undefined), "2026-11-29", at, inPlay);

describe("now and next: the calls first", () => {
  test("the calls as published: each row by header name, times read in Manila, the latest call of each match", () => {
    const calls = callsOf({
      callsCsv: callsCsv([
        [3, "Court 2", "2026-11-29 09:35:10", "", "", "Called"],
        [3, "Court 1", "2026-11-29 09:36:00", "", "", "called"],
      ]),
    });
    assert.equal(calls.length, 2);
    assert.deepEqual(
      { ...calls[0], calledAt: calls[0]?.calledAt },
      {
        matchNumber: "3",
        court: "Court 2",
        state: "called",
        calledAt: Date.parse("2026-11-29T01:35:10Z"),
        startedAt: undefined,
        endedAt: undefined,
        calledBy: "Operator console",
      },
    );
    assert.equal(latestCalls(calls).get("3")?.court, "Court 1");
    assert.equal(callTime("2026-11-29 09:36"), Date.parse("2026-11-29T01:36:00Z"));
    assert.equal(callTime("soon"), undefined);
    assert.deepEqual(callsOf({}), [], "a workbook with no CALLS tab has no calls");
  });

  test("a hall with no call keeps the schedule's rule", () => {
    const courts = now(hall());
    assert.deepEqual(courts.map(numbers), [
      ["1", "2", undefined],
      ["4", undefined, undefined],
    ]);
  });

  test("in a hall run by its calls, the match on a court is the one called there, whatever the schedule's time says", () => {
    // Match 3 (10:00 on Court 1) is called to Court 2 at 09:35; Court 1 has no open call.
    const [one, two] = now(hall([[3, "Court 2", "2026-11-29 09:35:00", "", "", "called"]]));
    assert.deepEqual(numbers(two), ["3", "4", undefined], "called there; match 4, planned there, is next");
    assert.equal(two?.onCourt?.court, "Court 2", "the match shows the court it is called to");
    assert.deepEqual(
      numbers(one),
      [undefined, "1", undefined],
      "no call on Court 1: free, though 1 and 2 are due",
    );
    assert.equal(one?.later, 1);
  });

  test("a match played on another court than planned shows the court it was played on, as that court's last result", () => {
    const facility = hall(
      [[1, "Court 2", "2026-11-29 09:00:00", "2026-11-29 09:02:00", "2026-11-29 09:30:00", "done"]],
      { 1: 1 },
    );
    const match = facilityMatches(facility, undefined).find((m) => m.matchNumber === "1");
    assert.deepEqual([match?.court, match?.call?.state], ["Court 2", "done"]);
    const [one, two] = now(facility);
    assert.deepEqual(numbers(one), [undefined, "2", undefined]);
    assert.deepEqual(numbers(two), [undefined, "4", "1"]);
  });

  test("a cancelled call gives the match back its planned court and its place in the queue; a result ends an open call", () => {
    const cancelled = facilityMatches(
      hall([[2, "Court 2", "2026-11-29 09:10:00", "", "2026-11-29 09:12:00", "cancelled"]]),
      undefined,
    );
    assert.equal(cancelled.find((m) => m.matchNumber === "2")?.court, "Court 1");
    const [one] = now(hall([[2, "Court 2", "2026-11-29 09:10:00", "", "2026-11-29 09:12:00", "cancelled"]]));
    assert.deepEqual(numbers(one), [undefined, "1", undefined]);
    const [, two] = now(
      hall([[1, "Court 2", "2026-11-29 09:00:00", "2026-11-29 09:01:00", "", "playing"]], { 1: 2 }),
    );
    assert.deepEqual(
      numbers(two),
      [undefined, "4", "1"],
      "scored while its call stayed open: played, not on court",
    );
  });

  test("with live points, a match in play without a call is on its court", () => {
    const facility = hall([[3, "Court 2", "2026-11-29 09:35:00", "", "", "called"]]);
    assert.deepEqual(numbers(now(facility, AT_0940, new Set(["1"]))[0]), ["1", "2", undefined]);
  });

  test("players and follows read the same rule: a called player is on court; the same calls give the same objects", () => {
    const facility = hall([[3, "Court 2", "2026-11-29 09:35:00", "", "", "playing"]]);
    const day = {
      key: "open-sun",
      label: "Sunday",
      snapshot: { date: "2026-11-29", facilities: [facility] },
    } as never;
    const eva = playerOf([day], "eva go", undefined);
    assert.ok(eva);
    assert.deepEqual(
      [playerNow(eva, AT_0940, undefined).onCourt, playerNow(eva, AT_0940, undefined).next?.match.court],
      [true, "Court 2"],
    );
    const matches = facilityMatches(facility, undefined);
    assert.equal(facilityMatches(facility, undefined), matches);
    assert.equal(placedByCalls(matches, []), matches, "no calls: the matches as they are");
  });
});

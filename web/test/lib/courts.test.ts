// On court and next (docs/pages.md, "On court and next"): derived from the schedule and the scores
// alone, at the time in Manila whatever the machine's zone.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { courtsNow, isDue, scheduleNow } from "../../src/lib/data/courts.ts";
import { beat, matches } from "../support/match-table.ts";

/** 09:40 in Manila on Sunday 29 November 2026. */
const AT_0940 = Date.parse("2026-11-29T09:40:00+08:00");

const day = (scored: Record<number, 1 | 2> = {}) =>
  matches(
    [
      { matchNumber: 1, time: "09:00", court: "Court 1", team1: "A", team2: "B" },
      { matchNumber: 2, time: "09:30", court: "Court 1", team1: "C", team2: "D" },
      { matchNumber: 3, time: "10:00", court: "Court 1", team1: "E", team2: "F" },
      { matchNumber: 4, time: "10:30", court: "Court 1", team1: "G", team2: "H" },
      { matchNumber: 5, time: "09:00", court: "Court 10", team1: "I", team2: "J" },
      { matchNumber: 6, time: "11:00", court: "Court 2", team1: "K", team2: "L" },
      { matchNumber: 7, time: "09:00", court: "", team1: "M", team2: "N" },
    ].map((row) => (scored[row.matchNumber] ? { ...row, ...beat(scored[row.matchNumber] as 1 | 2) } : row)),
  );

const numbers = (court: {
  onCourt?: { matchNumber: string };
  next?: { matchNumber: string };
  last?: { matchNumber: string };
}) => [court.onCourt?.matchNumber, court.next?.matchNumber, court.last?.matchNumber];

describe("courts now and next", () => {
  test("the first match without a result whose time has come is on court, the one after it next", () => {
    const courts = courtsNow(day(), "2026-11-29", AT_0940);
    assert.deepEqual(
      courts.map((court) => court.court),
      ["Court 1", "Court 2", "Court 10"],
      "courts by name, numbers as numbers; a match without a court is on none",
    );
    const [one, two, ten] = courts as [(typeof courts)[0], (typeof courts)[0], (typeof courts)[0]];
    // Match 1 (09:00) has no score yet: it is still being played, though match 2's time has come too.
    assert.deepEqual(numbers(one), ["1", "2", undefined]);
    assert.equal(one.later, 2);
    assert.deepEqual(numbers(two), [undefined, "6", undefined], "11:00 has not come: the court is free");
    assert.deepEqual(numbers(ten), ["5", undefined, undefined]);
  });

  test("a score takes a match off court: the next one comes on, and the score is the court's last result", () => {
    const [one] = courtsNow(day({ 1: 2 }), "2026-11-29", AT_0940);
    assert.deepEqual(numbers(one ?? {}), ["2", "3", "1"]);
    const [after] = courtsNow(day({ 1: 2, 2: 1 }), "2026-11-29", AT_0940);
    assert.deepEqual(numbers(after ?? {}), [undefined, "3", "2"], "10:00 has not come yet");
    const [later] = courtsNow(day({ 1: 2, 2: 1 }), "2026-11-29", AT_0940 + 20 * 60_000);
    assert.deepEqual(numbers(later ?? {}), ["3", "4", "2"], "at 10:00 it has");
    const [done] = courtsNow(day({ 1: 1, 2: 1, 3: 2, 4: 1 }), "2026-11-29", AT_0940);
    assert.deepEqual(numbers(done ?? {}), [undefined, undefined, "4"]);
    assert.equal(done?.later, 0);
  });

  test("time is Manila's: 09:40 there is 01:40 UTC, whatever zone the machine runs in", () => {
    assert.deepEqual(scheduleNow(AT_0940), { date: "2026-11-29", minutes: 9 * 60 + 40 });
    const [match] = matches([{ time: "09:41" }]);
    assert.equal(isDue(match!, "2026-11-29", scheduleNow(AT_0940)), false);
    assert.equal(isDue(match!, "2026-11-29", scheduleNow(AT_0940 + 60_000)), true);
  });

  test("a match on an earlier date is due, a later one is not; a match without a time is due in court order", () => {
    const now = scheduleNow(AT_0940);
    const rows = matches([
      { matchNumber: 1, date: "2026-11-28", time: "18:00" },
      { matchNumber: 2, date: "2026-11-30", time: "08:00" },
      { matchNumber: 3, time: "" },
      { matchNumber: 4, date: "30/11/2026", time: "08:00" },
    ]);
    const [yesterday, tomorrow, untimed, otherFormat] = ["1", "2", "3", "4"].map((n) =>
      rows.find((match) => match.matchNumber === n),
    );
    assert.equal(isDue(yesterday!, "2026-11-29", now), true);
    assert.equal(isDue(tomorrow!, "2026-11-29", now), false);
    assert.equal(isDue(untimed!, "2026-11-29", now), true);
    assert.equal(isDue(otherFormat!, "2026-11-29", now), true, "a date the page cannot read is the day's");
  });
});

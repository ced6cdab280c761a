// The hall display's calls (issue 38, item 5) in Node, on a controlled clock: each new call up for
// a minute, at most two at once (the third waits its turn), a call that starts comes down at
// once, a second call five minutes after the call when the match has not started, nothing old
// on the display's first look; the live words and the call's words.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  CALL_SHOWN_MS,
  callWords,
  hallCalls,
  SECOND_CALL_MS,
  type WaitingCall,
} from "../../src/display/hall-calls.ts";
import { liveScoreOf, liveWords, matchStateWords } from "../../src/lib/courts/live-words.ts";
import type { Match } from "../../src/lib/data/matches.ts";

const T0 = Date.parse("2026-11-28T02:00:00Z");
const match = (matchNumber: string, team1 = "Ana Cruz / Bea Reyes", team2 = "Cy Tan / Di Lim") =>
  ({ matchNumber, team1, team2, teamCode1: "", teamCode2: "", team1Score: "", team2Score: "" }) as Match;
const waiting = (number: string, court: string, calledAt: number): WaitingCall => ({
  facility: "Rizal Hall",
  match: match(number),
  court,
  calledAt,
});
const numbers = (calls: { match: Match; second: boolean }[]) =>
  calls.map((c) => `${c.match.matchNumber}${c.second ? " (second)" : ""}`);

describe("the hall display's calls", () => {
  test("a new call is up for a minute; two at once, the third waits its turn", () => {
    const calls = hallCalls();
    assert.deepEqual(numbers(calls.look([], T0).shown), []);
    const three = [
      waiting("101", "Court 1", T0),
      waiting("102", "Court 2", T0),
      waiting("103", "Court 3", T0),
    ];
    const first = calls.look(three, T0 + 1_000);
    assert.deepEqual(numbers(first.shown), ["101", "102"]);
    assert.deepEqual(numbers(first.started), ["101", "102"], "read aloud as they go up");
    assert.equal(first.next, T0 + 1_000 + CALL_SHOWN_MS);
    assert.deepEqual(numbers(calls.look(three, T0 + 30_000).started), [], "each goes up once");
    const turn = calls.look(three, T0 + 1_000 + CALL_SHOWN_MS);
    assert.deepEqual(numbers(turn.shown), ["103"]);
    assert.deepEqual(numbers(calls.look(three, T0 + 1_000 + 2 * CALL_SHOWN_MS).shown), []);
  });

  test("a call that starts, or is cancelled, comes down at once; a move is a new call", () => {
    const calls = hallCalls();
    calls.look([], T0);
    assert.deepEqual(numbers(calls.look([waiting("101", "Court 1", T0)], T0).shown), ["101"]);
    assert.deepEqual(numbers(calls.look([], T0 + 5_000).shown), [], "started: not waiting any more");
    const moved = calls.look([waiting("102", "Court 2", T0 + 6_000)], T0 + 6_000);
    assert.deepEqual(numbers(moved.shown), ["102"]);
    const again = calls.look([waiting("102", "Court 4", T0 + 9_000)], T0 + 9_000);
    assert.deepEqual(
      again.shown.map((c) => c.court),
      ["Court 4"],
    );
  });

  test("a second call five minutes after the call when the match has not started, once", () => {
    const calls = hallCalls();
    calls.look([], T0);
    const one = [waiting("107", "Court 3", T0)];
    calls.look(one, T0);
    const quiet = calls.look(one, T0 + CALL_SHOWN_MS);
    assert.deepEqual(numbers(quiet.shown), []);
    assert.equal(quiet.next, T0 + SECOND_CALL_MS, "looks again when the second call is due");
    assert.deepEqual(numbers(calls.look(one, T0 + SECOND_CALL_MS - 1).shown), []);
    const second = calls.look(one, T0 + SECOND_CALL_MS);
    assert.deepEqual(numbers(second.started), ["107 (second)"]);
    assert.deepEqual(numbers(calls.look(one, T0 + SECOND_CALL_MS + CALL_SHOWN_MS).shown), []);
    assert.deepEqual(numbers(calls.look(one, T0 + 30 * 60_000).started), [], "never a third");
    const started = hallCalls();
    started.look([], T0);
    started.look(one, T0);
    assert.deepEqual(numbers(started.look([], T0 + SECOND_CALL_MS).started), [], "started: no second call");
  });

  test("a display that comes on shows the last minute's calls only, and no second call late", () => {
    const calls = hallCalls();
    const look = calls.look(
      [waiting("101", "Court 1", T0), waiting("102", "Court 2", T0 + 50_000)],
      T0 + 70_000,
    );
    assert.deepEqual(numbers(look.shown), ["102"]);
    const late = hallCalls();
    assert.deepEqual(numbers(late.look([waiting("101", "Court 1", T0)], T0 + 2 * SECOND_CALL_MS).shown), []);
  });

  test("a call first seen more than a minute after it was made (the display was away) is not news; one seen within the minute is", () => {
    const calls = hallCalls();
    calls.look([], T0);
    const look = calls.look(
      [waiting("101", "Court 1", T0), waiting("102", "Court 2", T0 + 50_000)],
      T0 + 70_000,
    );
    assert.deepEqual(numbers(look.shown), ["102"]);
    assert.deepEqual(numbers(calls.look([waiting("101", "Court 1", T0)], T0 + SECOND_CALL_MS).started), [
      "101 (second)",
    ]);
  });

  test("a call's age is read on the service's clock: a TV days ahead shows a call 30 s old, one 10 minutes behind makes its second call 5 minutes after the call", () => {
    const days = 3 * 24 * 3_600_000;
    const ahead = hallCalls();
    const on = ahead.look([waiting("101", "Court 1", T0)], T0 + days + 30_000, days);
    assert.deepEqual(numbers(on.shown), ["101"], "switched on 30 s after the call");
    assert.equal(on.next, T0 + days + 30_000 + CALL_SHOWN_MS);
    assert.deepEqual(
      numbers(ahead.look([waiting("101", "Court 1", T0)], T0 + days + SECOND_CALL_MS, days).started),
      ["101 (second)"],
    );

    const behind = hallCalls();
    const slow = -10 * 60_000;
    const one = [waiting("107", "Court 3", T0)];
    assert.deepEqual(numbers(behind.look(one, T0 + slow + 1_000, slow).shown), ["107"]);
    const quiet = behind.look(one, T0 + slow + CALL_SHOWN_MS + 1_000, slow);
    assert.deepEqual(numbers(quiet.shown), []);
    assert.equal(quiet.next, T0 + slow + SECOND_CALL_MS, "five minutes after the call, on the TV's clock");
    assert.deepEqual(numbers(behind.look(one, T0 + slow + SECOND_CALL_MS, slow).started), ["107 (second)"]);
  });

  test("the words: on screen, aloud, and a second call's", () => {
    const call = { facility: "Rizal Hall", match: match("107"), court: "Court 3", second: false };
    assert.equal(
      callWords(call, false).text,
      "Court 3 — match 107: Cruz / Reyes v Tan / Lim, please come to Court 3",
    );
    assert.equal(
      callWords({ ...call, second: true }, true).spoken,
      "Second call. Rizal Hall, Court 3, match 107: Cruz and Reyes, versus Tan and Lim. Please come to Court 3.",
    );
  });
});

describe("live words", () => {
  const point = { team1Points: 15, team2Points: 12, game: 2 as number | null };
  test("live 15–12 · game 2 while played; the final replaces it; a call before the first point", () => {
    assert.equal(liveWords(point), "live 15–12 · game 2");
    assert.equal(liveWords({ ...point, game: null }), "live 15–12");
    const played = { ...match("107"), team1Score: "21", team2Score: "15" } as Match;
    const live = { ...point, facility: "Rizal Hall", matchNumber: "107", seq: 3, serving: null, at: "" };
    assert.equal(liveScoreOf(played, live), undefined);
    const called = {
      ...match("107"),
      call: { matchNumber: "107", court: "Court 3", state: "called" } as Match["call"],
    } as Match;
    assert.equal(matchStateWords(called, undefined), "called to Court 3");
    assert.equal(matchStateWords(called, live), "live 15–12 · game 2");
    assert.equal(matchStateWords(match("107"), undefined), undefined);
  });
});

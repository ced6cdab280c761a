// The court board's suggestion rule (issue 38, item 1): per free court, the earliest scheduled
// match of the hall with no score and no call, whose players are all checked in where the event
// takes attendance, none on a court or called anywhere that day, none resting.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type BoardInput, courtBoard } from "../../src/lib/courts/court-board.ts";
import { personKey } from "../../src/lib/data/person-key.ts";
import { facilityMatches } from "../../src/lib/data/players.ts";
import type { FacilitySnapshot } from "../../src/lib/data/snapshot.ts";
import { type CallCells, callsCsv, type MatchCells, matchesCsv } from "../support/match-table.ts";

/** 10:30 in Manila on Sunday 29 November 2026. */
const AT_1030 = Date.parse("2026-11-29T10:30:00+08:00");

function hall(name: string, rows: MatchCells[], calls: CallCells[] = []): FacilitySnapshot {
  return {
    name,
    status: "ok",
    fetchedAt: null,
    matchesCsv: matchesCsv(rows),
    standingsCsv: "",
    callsCsv: callsCsv(calls),
  };
}

const singles = (
  matchNumber: number,
  time: string,
  court: string,
  one: string,
  two: string,
  score?: [number, number],
): MatchCells => ({
  matchNumber,
  time,
  court,
  team1: one,
  teamCode1: `WS_${matchNumber}1`,
  team2: two,
  teamCode2: `WS_${matchNumber}2`,
  ...(score ? { team1Score: score[0], team2Score: score[1] } : {}),
});

/** Rizal Hall: courts 1–3; Annex Court: one court, where Ana Cruz is playing. */
function day(options: { rizalCalls?: CallCells[]; annexCalls?: CallCells[] } = {}) {
  const rizal = hall(
    "Rizal Hall",
    [
      singles(101, "09:00", "Court 1", "Ana Cruz", "Bea Lim"),
      singles(102, "09:00", "Court 2", "Cora Tan", "Dina Yu"),
      singles(103, "09:30", "Court 1", "Eva Go", "Fe Sy"),
      singles(104, "09:30", "Court 3", "Gia Ong", "Hana Co"),
      singles(105, "10:00", "Court 2", "Ivy Uy", "Jo Lee"),
      singles(106, "10:00", "Court 3", "Kim Ang", "Winner of 999"),
      singles(107, "08:30", "Court 3", "Lia Dy", "Mae Po", [21, 10]),
    ],
    options.rizalCalls,
  );
  const annex = hall(
    "Annex Court",
    [singles(201, "10:00", "Court 2", "Ana Cruz", "Nora Ty")],
    options.annexCalls ?? [[201, "Court 2", "2026-11-29 10:05:00", "2026-11-29 10:07:00", "", "playing"]],
  );
  return [rizal, annex].map((facility) => ({
    facility: facility.name,
    matches: facilityMatches(facility, undefined),
  }));
}

const everyone = new Set(
  [
    "Ana Cruz",
    "Bea Lim",
    "Cora Tan",
    "Dina Yu",
    "Eva Go",
    "Fe Sy",
    "Gia Ong",
    "Hana Co",
    "Ivy Uy",
    "Jo Lee",
    "Kim Ang",
  ].map(personKey),
);

const board = (input: Partial<BoardInput> = {}) =>
  courtBoard({
    halls: day(),
    facility: "Rizal Hall",
    restMinutes: 20,
    now: AT_1030,
    checkedIn: everyone,
    ...input,
  });

const suggested = (result: ReturnType<typeof courtBoard>) =>
  result.courts.map(
    (tile) =>
      `${tile.court}: ${tile.state === "free" ? (tile.suggestion?.matchNumber ?? "free") : `${tile.state} ${tile.match.matchNumber}`}`,
  );

describe("the court board's suggestion for each free court", () => {
  test("earliest first, courts in name order, each match offered once; a player on a court in another hall holds their match back, saying where", () => {
    const result = board();
    // 101 is held back: Ana Cruz plays in Annex Court. 102, 103, 104 are the next three.
    assert.deepEqual(suggested(result), ["Court 1: 102", "Court 2: 103", "Court 3: 104"]);
    const first = result.queue[0];
    assert.equal(first?.match.matchNumber, "101");
    assert.deepEqual(
      first?.reasons.map((r) => r.text),
      ["Ana Cruz is on Court 2 in Annex Court"],
    );
    assert.deepEqual(
      result.queue.map((q) => [q.match.matchNumber, q.suggestedFor ?? null]),
      [
        ["101", null],
        ["102", "Court 1"],
        ["103", "Court 2"],
        ["104", "Court 3"],
        ["105", null],
        ["106", null],
      ],
    );
    assert.deepEqual(
      result.queue[5]?.reasons.map((r) => r.text),
      ["the players are not known yet"],
    );
    assert.ok(
      !result.queue.some((q) => q.match.matchNumber === "107"),
      "a match with a score is not waiting",
    );
  });

  test("a called or playing court is not free: it shows its match and since when; its players are held back elsewhere", () => {
    const result = board({
      halls: day({ rizalCalls: [[102, "Court 3", "2026-11-29 10:20:00", "", "", "called"]] }),
    });
    assert.deepEqual(suggested(result), ["Court 1: 103", "Court 2: 104", "Court 3: called 102"]);
    const tile = result.courts[2];
    assert.equal(tile?.state === "called" ? tile.since : undefined, Date.parse("2026-11-29T02:20:00Z"));
    const dina = board({
      halls: day({
        rizalCalls: [[102, "Court 3", "2026-11-29 10:20:00", "2026-11-29 10:21:00", "", "playing"]],
      }),
    });
    assert.equal(dina.courts[2]?.state, "playing");
  });

  test("players not checked in hold their match back where the event takes attendance; with none, nobody is held for it", () => {
    const absent = new Set([...everyone].filter((key) => key !== personKey("Cora Tan")));
    const result = board({ checkedIn: absent });
    assert.deepEqual(suggested(result), ["Court 1: 103", "Court 2: 104", "Court 3: 105"]);
    assert.deepEqual(
      result.queue[1]?.reasons.map((r) => r.text),
      ["Cora Tan is not checked in"],
    );
    assert.deepEqual(suggested(board({ checkedIn: undefined })), [
      "Court 1: 102",
      "Court 2: 103",
      "Court 3: 104",
    ]);
  });

  test("a player off court for less than the rest time rests until then; the court they left is free since its call ended", () => {
    // Eva Go played match 99 on Court 1 until 10:22; with 20 minutes' rest, until 10:42.
    const rizal = hall(
      "Rizal Hall",
      [
        singles(99, "08:30", "Court 1", "Eva Go", "Zoe Qi", [21, 18]),
        singles(103, "09:30", "Court 1", "Eva Go", "Fe Sy"),
        singles(104, "09:30", "Court 3", "Gia Ong", "Hana Co"),
      ],
      [[99, "Court 1", "2026-11-29 10:00:00", "2026-11-29 10:01:00", "2026-11-29 10:22:00", "done"]],
    );
    const halls = [{ facility: "Rizal Hall", matches: facilityMatches(rizal, undefined) }];
    const result = courtBoard({ halls, facility: "Rizal Hall", restMinutes: 20, now: AT_1030 });
    assert.deepEqual(suggested(result), ["Court 1: 104", "Court 3: free"]);
    assert.deepEqual(
      result.queue[0]?.reasons.map((r) => [r.kind, r.text]),
      [["resting", "Eva Go rests until 10:42"]],
    );
    const court1 = result.courts[0];
    assert.equal(court1?.state === "free" ? court1.since : undefined, Date.parse("2026-11-29T02:22:00Z"));
    const rested = courtBoard({ halls, facility: "Rizal Hall", restMinutes: 20, now: AT_1030 + 12 * 60_000 });
    assert.deepEqual(suggested(rested), ["Court 1: 103", "Court 3: 104"]);
    const noRest = courtBoard({ halls, facility: "Rizal Hall", restMinutes: 0, now: AT_1030 });
    assert.equal(
      noRest.courts[0]?.state === "free" ? noRest.courts[0].suggestion?.matchNumber : undefined,
      "103",
    );
  });

  test("a player suggested for one court is not suggested for another; a cancelled call puts its match back in the queue", () => {
    const rizal = hall(
      "Rizal Hall",
      [
        singles(1, "09:00", "Court 1", "Ana Cruz", "Bea Lim"),
        singles(2, "09:00", "Court 2", "Ana Cruz", "Cora Tan"),
        singles(3, "09:10", "Court 2", "Dina Yu", "Eva Go"),
      ],
      [[1, "Court 1", "2026-11-29 10:00:00", "", "2026-11-29 10:02:00", "cancelled"]],
    );
    const result = courtBoard({
      halls: [{ facility: "Rizal Hall", matches: facilityMatches(rizal, undefined) }],
      facility: "Rizal Hall",
      restMinutes: 20,
      now: AT_1030,
    });
    assert.deepEqual(suggested(result), ["Court 1: 1", "Court 2: 3"]);
    assert.deepEqual(
      result.queue[1]?.reasons.map((r) => r.text),
      ["Ana Cruz is suggested for Court 1"],
    );
  });

  test("a match in play with live points and no call holds its court", () => {
    const result = board({ inPlay: new Map([["Rizal Hall", new Set(["101"])]]) });
    assert.equal(result.courts[0]?.state, "playing");
    assert.deepEqual(suggested(result), ["Court 1: playing 101", "Court 2: 102", "Court 3: 103"]);
  });
});

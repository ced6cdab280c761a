// What h38d's calls say off the hall display (issue 38, item 5), in Node: a followed player's
// notification when their match is called (its words, one tag per match and court, a move another),
// and the desk's "Called to court" list (called and not started only, the latest first, each
// player with whether the desk has them checked in).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { calledMatches } from "../../src/desk/called.ts";
import type { PlayerMatch } from "../../src/lib/data/players.ts";
import type { Display } from "../../src/lib/data/registry.ts";
import type { DaySnapshot, FacilitySnapshot } from "../../src/lib/data/snapshot.ts";
import { callNotice, callTag } from "../../src/public/follows.ts";
import { type CallCells, callsCsv, matches, matchesCsv } from "../support/match-table.ts";
import { person } from "../support/page-fixtures.ts";

/** The category words of the registry's `display`. */
const DISPLAY = { events: { MS: "Men's singles" }, divisions: { U15: "Under 15" } } as unknown as Display;

const ROWS = [
  {
    matchNumber: 107,
    time: "09:30",
    court: "Court 3",
    category: "MS U15",
    team1: "José Ñañez",
    team2: "Nicolás Peñaflor",
  },
  {
    matchNumber: 108,
    time: "09:30",
    court: "Court 4",
    team1: "Ana Cruz / Bea Reyes",
    team2: "Cy Tan / Di Lim",
  },
  {
    matchNumber: 109,
    time: "10:00",
    court: "Court 4",
    team1: "Eva Go",
    team2: "Fe Sy",
    team1Score: 21,
    team2Score: 9,
  },
  { matchNumber: 110, time: "10:00", court: "Court 1", team1: "Gia Ong", team2: "Hana Co" },
];

const entry = (matchNumber: number, side: 1 | 2 = 1, court?: string): PlayerMatch => {
  const match = matches(ROWS).find((m) => m.matchNumber === String(matchNumber));
  assert.ok(match);
  return {
    day: { key: "open-sat", label: "Saturday", snapshot: {} as DaySnapshot },
    facility: "Rizal Hall",
    match: court === undefined ? match : { ...match, court },
    side,
    order: "",
  };
};

describe("a followed player's call notification", () => {
  test("the court and match first, then who, the hall, the category's words and the other side", () => {
    assert.deepEqual(callNotice([{ name: "José Ñañez" }], entry(107), DISPLAY), {
      title: "Court 3 now: match 107",
      body: "José Ñañez · Rizal Hall · Men's singles · Under 15 · against Nicolás Peñaflor",
    });
    assert.equal(
      callNotice([{ name: "Nicolás Peñaflor" }], entry(107, 2), DISPLAY).body,
      "Nicolás Peñaflor · Rizal Hall · Men's singles · Under 15 · against José Ñañez",
    );
  });

  test("two followed players of one match: one notification naming both, with both sides", () => {
    const said = callNotice([{ name: "Ana Cruz" }, { name: "Cy Tan" }], entry(108), DISPLAY);
    assert.equal(said.title, "Court 4 now: match 108");
    assert.equal(said.body, "Ana Cruz and Cy Tan · Rizal Hall · Ana Cruz / Bea Reyes v Cy Tan / Di Lim");
  });

  test("the tag is the match and its court: both sides share it, a move to another court is another", () => {
    assert.equal(callTag(entry(108, 1)), callTag(entry(108, 2)));
    assert.notEqual(callTag(entry(108)), callTag(entry(108, 1, "Court 2")));
    assert.notEqual(callTag(entry(107)), callTag(entry(108)));
  });
});

describe("the desk's Called to court", () => {
  const hall = (calls: CallCells[]): FacilitySnapshot => ({
    name: "Rizal Hall",
    status: "ok",
    fetchedAt: "2026-11-28T01:00:00.000Z",
    matchesCsv: matchesCsv(ROWS, "2026-11-28"),
    standingsCsv: "",
    callsCsv: callsCsv(calls),
  });
  const day = (calls: CallCells[]) =>
    ({ date: "2026-11-28", facilities: [hall(calls)] }) as unknown as DaySnapshot;
  const calls: CallCells[] = [
    [107, "Court 2", "2026-11-28 09:31:00", "", "", "called"],
    [108, "Court 4", "2026-11-28 09:35:00", "", "", "called"],
    [109, "Court 3", "2026-11-28 09:20:00", "", "", "called"],
    [110, "Court 1", "2026-11-28 09:10:00", "2026-11-28 09:12:00", "", "playing"],
  ];

  test("the matches called and not started, the latest first, on the court they were called to", () => {
    const list = calledMatches(day(calls), "Rizal Hall", DISPLAY, [], () => false);
    assert.deepEqual(
      list.map((m) => [m.matchNumber, m.court]),
      [
        ["108", "Court 4"],
        ["107", "Court 2"],
      ],
      "109 has a result and 110 is playing",
    );
    assert.equal(list[1]?.calledAt, Date.parse("2026-11-28T09:31:00+08:00"));
  });

  test("a match with a live point has started: off the list", () => {
    const list = calledMatches(day(calls), "Rizal Hall", DISPLAY, [], (n) => n === "108");
    assert.deepEqual(
      list.map((m) => m.matchNumber),
      ["107"],
    );
  });

  test("each player with whether the desk has them checked in; one not on its list is neither", () => {
    const people = [person("Ana Cruz", true), person("Bea Reyes", false), person("Cy Tan", true)];
    const [doubles] = calledMatches(day(calls), "Rizal Hall", DISPLAY, people, () => false);
    assert.deepEqual(doubles?.sides, [
      [
        { name: "Ana Cruz", present: true },
        { name: "Bea Reyes", present: false },
      ],
      [
        { name: "Cy Tan", present: true },
        { name: "Di Lim", present: undefined },
      ],
    ]);
  });

  test("another hall, or no snapshot yet: nothing", () => {
    assert.deepEqual(
      calledMatches(day(calls), "Annex Court", DISPLAY, [], () => false),
      [],
    );
    assert.deepEqual(
      calledMatches(undefined, "Rizal Hall", DISPLAY, [], () => false),
      [],
    );
  });
});

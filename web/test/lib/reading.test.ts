import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  categoryLabel,
  categoryRank,
  clubLabel,
  pairLabel,
  teamColour,
  teamLabel,
} from "../../src/lib/data/labels.ts";
import { matchesOf } from "../../src/lib/data/matches.ts";
import { daysByDate, dayToOpen, findDay, listedEvents, type Registry } from "../../src/lib/data/registry.ts";
import { dayVisibility } from "../../src/lib/data/visibility.ts";

const display = {
  events: { MS: "Men's singles", XD: "Mixed doubles" },
  divisions: { U15: "Under 15", OPEN: "Open" },
  clubs: { RED: "Red Smashers" },
  pairs: { "1": { full: "First doubles", short: "D1" } },
  teamColors: { ACES: "#C0392B", SMASH: "blue", RALLY: "#0f0" },
};

describe("display labels", () => {
  test("category codes become words, word by word, case ignored", () => {
    assert.equal(categoryLabel(display, "MS U15"), "Men's singles · Under 15");
    assert.equal(categoryLabel(display, "XD Open"), "Mixed doubles · Open");
    assert.equal(categoryLabel(display, "WS U15"), "WS · Under 15");
    assert.equal(categoryLabel(undefined, "MS U15"), "MS U15");
    // Team codes carry the event and division joined (`XDOPEN_1`): the roster's category is `XDOPEN`.
    assert.equal(categoryLabel(display, "XDOPEN"), "Mixed doubles · Open");
    assert.equal(categoryLabel(display, "MSU15"), "Men's singles · Under 15");
    assert.equal(categoryLabel(display, "MSX"), "MSX");
  });

  test("a team code beside names is the registry's label for it, never the code (issue 26)", () => {
    assert.equal(teamLabel({ type: "dual-meet", display }, "RED_MS_1"), "Red Smashers");
    assert.equal(teamLabel({ type: "team", display }, "ACES_1"), "ACES · D1");
    assert.equal(teamLabel({ type: "team", display: undefined }, "ACES_3"), "ACES · XD 1");
    assert.equal(
      teamLabel({ type: "standard", display }, "MSU15_1"),
      undefined,
      "an entry code names nothing",
    );
    assert.equal(teamLabel({ type: "dual-meet", display }, ""), undefined);
  });

  test("categories sort in the maps' key order: events first, then divisions", () => {
    const sorted = ["XD Open", "MS Open", "MS U15"].sort(
      (a, b) => categoryRank(display, a) - categoryRank(display, b),
    );
    assert.deepEqual(sorted, ["MS U15", "MS Open", "XD Open"]);
  });

  test("pairs come from display.pairs, else MD, WD, XD 1 and XD 2", () => {
    assert.deepEqual(pairLabel(display, "ACES_1"), { full: "First doubles", short: "D1" });
    assert.deepEqual(pairLabel(display, "ACES_3"), { full: "XD 1", short: "XD 1" });
    assert.equal(pairLabel(display, "ACES"), undefined);
  });

  test("team colours must be #RGB or #RRGGBB; anything else is dropped", () => {
    assert.equal(teamColour(display, "ACES"), "#C0392B");
    assert.equal(teamColour(display, "RALLY"), "#0f0");
    assert.equal(teamColour(display, "SMASH"), undefined);
    assert.equal(clubLabel(display, "RED"), "Red Smashers");
    assert.equal(clubLabel(display, "BLUE"), "BLUE");
  });
});

describe("a facility's matches", () => {
  const csv = [
    "matchNumber,time,court,team1,team2,team1Score,team2Score",
    "3,09:30,Court 1,C,D,,",
    "2,09:00,Court 10,A,B,21,19",
    "1,09:00,Court 2,E,F,15,21",
    "4,09:30,Court 1,G,H,21,21",
  ].join("\n");

  test("are in time and court order (Court 2 before Court 10), with the winner when the scores say so", () => {
    const matches = matchesOf(csv);
    assert.deepEqual(
      matches.map((m) => [m.matchNumber, m.winner]),
      [
        ["1", 2],
        ["2", 1],
        ["3", undefined],
        ["4", undefined],
      ],
    );
  });

  test("an unchanged row is the same object after a score changes elsewhere, so it is not drawn again", () => {
    const before = matchesOf(csv);
    const after = matchesOf(csv.replace("3,09:30,Court 1,C,D,,", "3,09:30,Court 1,C,D,21,3"));
    assert.equal(
      after.find((m) => m.matchNumber === "2"),
      before.find((m) => m.matchNumber === "2"),
    );
    assert.notEqual(
      after.find((m) => m.matchNumber === "3"),
      before.find((m) => m.matchNumber === "3"),
    );
  });

  test("quoted fields read the same line by line or record by record: commas, doubled quotes, a line break, CRLF, blank lines", () => {
    const header = "matchNumber,time,court,team1,team2,team1Score,team2Score";
    const rows = [
      '1,09:00,Court 1,"Cruz, Ana","Ana ""Bee"" Reyes",21,3',
      "",
      ",,,,,,",
      "2,09:00,Court 2,Lim,Tan,,",
    ];
    const names = (csv: string) => matchesOf(csv).map((m) => [m.matchNumber, m.team1, m.team2, m.winner]);
    const expected = [
      ["1", "Cruz, Ana", 'Ana "Bee" Reyes', 1],
      ["2", "Lim", "Tan", undefined],
    ];
    assert.deepEqual(names([header, ...rows].join("\n")), expected);
    assert.deepEqual(names([header, ...rows].join("\r\n")), expected);
    // A quoted line break: the record spans two lines, and is read as one.
    const broken = [header, '1,09:00,Court 1,"Cruz,\nAna",Reyes,21,3', rows[3]].join("\n");
    assert.deepEqual(
      matchesOf(broken).map((m) => [m.matchNumber, m.team1, m.team2]),
      [
        ["1", "Cruz,\nAna", "Reyes"],
        ["2", "Lim", "Tan"],
      ],
    );
  });

  test("columns are read by header name, so another order gives the same matches", () => {
    const [match] = matchesOf("team2Score,team1Score,matchNumber,team1,team2\n19,21,7,A,B\n");
    assert.deepEqual(
      [match?.matchNumber, match?.team1Score, match?.team2Score, match?.winner],
      ["7", "21", "19", 1],
    );
  });
});

describe("the registry as pages read it", () => {
  const registry = {
    version: 1,
    events: {
      open: {
        type: "standard",
        days: {
          sun: { label: "Sunday", date: "2026-11-22", facilities: [] },
          sat: { label: "Saturday", date: "2026-11-21", facilities: [] },
          extra: { label: "Extra", facilities: [] },
        },
      },
      old: { type: "standard", archived: true, days: { x: { label: "X", facilities: [] } } },
      _comment: "ignored",
    },
  } as unknown as Registry;

  test("archived events are left out; days come by date, undated last", () => {
    assert.deepEqual(
      listedEvents(registry).map(([key]) => key),
      ["open"],
    );
    assert.deepEqual(
      daysByDate(registry.events["open"]!).map(([key]) => key),
      ["sat", "sun", "extra"],
    );
  });

  test("a day is found by its key alone (day keys are unique across events)", () => {
    assert.equal(findDay(registry, "sun")?.eventKey, "open");
    assert.equal(findDay(registry, "toString"), undefined);
  });
});

describe("when spectators see a day", () => {
  const opens = Date.parse("2026-11-21T16:00:00Z");
  test("true shows it and false hides it, whatever the date", () => {
    assert.deepEqual(dayVisibility(true, "2099-01-01", 0), { shown: true });
    assert.deepEqual(dayVisibility(false, "2000-01-01", opens), { shown: false });
  });

  test("auto, or no setting, shows it from 00:00 Manila on its date, and always without a date", () => {
    for (const isLive of ["auto", null, undefined] as const) {
      assert.deepEqual(dayVisibility(isLive, "2026-11-22", opens - 1), { shown: false, opensAt: opens });
      assert.deepEqual(dayVisibility(isLive, "2026-11-22", opens), { shown: true });
      assert.deepEqual(dayVisibility(isLive, null, 0), { shown: true });
    }
  });
});

test("the console offers today's day (Manila), else the next one to come, never one without a date", () => {
  const days: Array<[string, { date?: string }]> = [
    ["fri", { date: "2026-11-27" }],
    ["nodate", {}],
    ["sun", { date: "2026-11-29" }],
    ["sat", { date: "2026-11-28" }],
  ];
  assert.equal(dayToOpen(days, "2026-11-28"), "sat");
  assert.equal(dayToOpen(days, "2026-11-20"), "fri");
  assert.equal(dayToOpen(days, "2026-12-01"), undefined);
});

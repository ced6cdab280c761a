import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { comingWeekend } from "../../../service/src/demo/calendar.ts";
import { demoTournament } from "../../../service/src/demo/tournament.ts";
import { toCsv } from "../../src/lib/csv.ts";
import { absentPlayers, byStartTime, clashes, minutesOf } from "../../src/lib/data/clashes.ts";
import { playersOf } from "../../src/lib/data/person-key.ts";
import type { DaySnapshot } from "../../src/lib/data/snapshot.ts";
import { MATCH_HEADER, person } from "../support/page-fixtures.ts";

/** A day snapshot of facilities given as match rows. */
function day(facilities: Record<string, string[][]>, date = "2026-11-29"): DaySnapshot {
  return {
    event: "e",
    day: "d",
    label: "Sunday",
    date,
    isLive: true,
    generatedAt: "2026-11-29T00:00:00.000Z",
    editedAt: null,
    matchesCsv: "",
    facilities: Object.entries(facilities).map(([name, rows]) => ({
      name,
      status: "ok",
      fetchedAt: "2026-11-29T00:00:00.000Z",
      matchesCsv: toCsv([MATCH_HEADER, ...rows]),
      standingsCsv: "",
    })),
  } as DaySnapshot;
}

const row = (
  number: number,
  time: string,
  court: string,
  team1: string,
  team2: string,
  scores = ["", ""],
) => [String(number), "", time, court, "MS", `MS_${number}1`, team1, `MS_${number}2`, team2, ...scores];

describe("clash warnings", () => {
  test("a player in two matches at the same time in two halls is listed once, with both matches", () => {
    const found = clashes(
      day({
        "Rizal Hall": [row(301, "09:00", "Court 1", "Jose  NANEZ", "Ana Cruz")],
        "Annex Court": [row(401, "09:00", "Court 2", "José Ñañez / Tomás Ibáñez", "Ben Reyes / Paz Saldaña")],
      }),
    );
    assert.equal(found.length, 1);
    assert.equal(found[0]?.player, "José Ñañez");
    assert.deepEqual(
      found[0]?.matches.map((m) => [m.facility, m.match.matchNumber]),
      [
        ["Annex Court", "401"],
        ["Rizal Hall", "301"],
      ],
    );
  });

  test("a match holds its court until the next match there, at most 30 minutes: 09:00 and 09:20 overlap, 09:00 and 09:30 do not", () => {
    const overlapping = day({
      Hall: [row(1, "09:00", "Court 1", "Ana", "Bea"), row(2, "09:20", "Court 2", "Ana", "Cy")],
    });
    assert.equal(clashes(overlapping).length, 1);
    const after = day({
      Hall: [row(1, "09:00", "Court 1", "Ana", "Bea"), row(2, "09:30", "Court 2", "Ana", "Cy")],
    });
    assert.deepEqual(clashes(after), []);
    const courtFreedEarly = day({
      Hall: [
        row(1, "09:00", "Court 1", "Ana", "Bea"),
        row(2, "09:15", "Court 1", "Dee", "Eve"),
        row(3, "09:20", "Court 2", "Ana", "Cy"),
      ],
    });
    assert.deepEqual(clashes(courtFreedEarly), [], "match 1 ended when match 2 took its court at 09:15");
  });

  test("matches with a result, playoff seats and unreadable times are not clashes", () => {
    const found = clashes(
      day({
        Hall: [
          row(1, "09:00", "Court 1", "Ana", "Bea", ["21", "15"]),
          row(2, "09:00", "Court 2", "Ana", "Cy"),
          row(3, "10:00", "Court 1", "Winner of 1", "Dee"),
          row(4, "10:00", "Court 2", "Winner of 1", "Eve"),
          row(5, "TBC", "Court 3", "Cy", "Fay"),
        ],
      }),
    );
    assert.deepEqual(found, []);
  });

  test("times read as the schedule writes them", () => {
    assert.deepEqual(["09:00", "9:05", "1:30 PM", "12:00 am", "9.30", "25:00", "soon"].map(minutesOf), [
      540,
      545,
      810,
      0,
      570,
      undefined,
      undefined,
    ]);
  });

  test("the demo tournament starts with no clash on any day", () => {
    const { registry, facilities } = demoTournament(comingWeekend(Date.parse("2026-11-25T02:00:00Z")));
    for (const [, event] of Object.entries(registry.events)) {
      for (const [dayKey, entry] of Object.entries(event.days)) {
        const halls = Object.fromEntries(
          entry.facilities
            .map((f) => facilities.find((draw) => draw.sheetId === f.sheetId))
            .filter((draw) => draw !== undefined)
            .map((draw) => [
              draw.facility,
              draw.matches.map((m) =>
                row(m.matchNumber, m.time, m.court, m.side1.players.join(" / "), m.side2.players.join(" / ")),
              ),
            ]),
        );
        assert.deepEqual(clashes(day(halls, entry.date)), [], dayKey);
      }
    }
  });
});

describe("players not checked in", () => {
  const snapshot = day({
    "Rizal Hall": [
      row(301, "09:00", "Court 1", "José Ñañez", "Ana Cruz"),
      row(302, "09:30", "Court 1", "Bea Lim", "Cy Tan", ["21", "9"]),
      row(303, "09:30", "Court 2", "Dee Go", "Eve Uy"),
    ],
    "Annex Court": [row(401, "09:00", "Court 1", "Paz Saldaña", "Fay Ong")],
  });

  test("players of matches without a result who are not present, by start time; not on the list is said", () => {
    const lists = new Map([
      ["Rizal Hall", [person("Jose Nanez", true), person("Ana Cruz", false), person("Dee Go", true)]],
      ["Annex Court", [person("Paz Saldaña", true), person("Fay Ong", true)]],
    ]);
    const absent = absentPlayers(snapshot, lists);
    assert.deepEqual(
      absent.map((a) => [a.scheduled.match.matchNumber, a.players]),
      [
        ["301", [{ name: "Ana Cruz", listed: true }]],
        ["303", [{ name: "Eve Uy", listed: false }]],
      ],
    );
    assert.deepEqual(
      byStartTime(absent).map((slot) => slot.map((a) => a.scheduled.match.matchNumber)),
      [["301"], ["303"]],
    );
  });

  test("a facility whose list was not read is left out", () => {
    assert.deepEqual(absentPlayers(snapshot, new Map()), []);
  });

  test("a side's players are split on ' / ', its team code and seats left out", () => {
    assert.deepEqual(playersOf("Ana / Bea", "X_1"), ["Ana", "Bea"]);
    assert.deepEqual(playersOf("ACES_1", "ACES_1"), []);
    assert.deepEqual(playersOf("Seed 2 / bye"), []);
  });
});

// Players (docs/pages.md, "Players"): found as the desk finds people, each with their matches across
// an event's halls and days, their next match (on court or to come) and their standing.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { playerStandings } from "../../src/lib/data/player-standings.ts";
import {
  type EventDay,
  findPlayers,
  playerDirectory,
  playerNow,
  playerOf,
} from "../../src/lib/data/players.ts";
import type { DaySnapshot } from "../../src/lib/data/snapshot.ts";
import { beat, type MatchCells, matchesCsv, standingsCsv } from "../support/match-table.ts";

const AT_0940 = Date.parse("2026-11-29T09:40:00+08:00");

function eventDay(
  key: string,
  date: string,
  halls: Record<string, MatchCells[]>,
  standings: Record<string, string> = {},
): EventDay {
  const snapshot = {
    event: "junior-open",
    day: key,
    label: key,
    date,
    isLive: true,
    generatedAt: `${date}T00:00:00.000Z`,
    editedAt: null,
    matchesCsv: "",
    facilities: Object.entries(halls).map(([name, rows]) => ({
      name,
      status: "ok",
      fetchedAt: `${date}T00:00:00.000Z`,
      matchesCsv: matchesCsv(rows, date),
      standingsCsv: standings[name] ?? "",
    })),
  } as DaySnapshot;
  return { key, label: key === "sat" ? "Saturday" : "Sunday", snapshot };
}

const jose = (n: number, extra: MatchCells = {}): MatchCells => ({
  matchNumber: n,
  category: "MS U15",
  teamCode1: "MSU15_1",
  team1: "José Ñañez",
  teamCode2: `MSU15_${n}`,
  team2: `Rival ${n}`,
  ...extra,
});

const days = [
  eventDay("sat", "2026-11-28", { "Rizal Hall": [jose(2, { time: "09:00", court: "Court 1", ...beat(1) })] }),
  eventDay(
    "sun",
    "2026-11-29",
    {
      "Rizal Hall": [
        jose(3, { time: "09:00", court: "Court 1", ...beat(2) }),
        jose(4, { time: "09:30", court: "Court 1" }),
        jose(6, { time: "11:00", court: "Court 2" }),
      ],
      "Annex Court": [
        {
          matchNumber: 9,
          time: "10:00",
          court: "Court 3",
          category: "MD U19",
          teamCode1: "MDU19_1",
          team1: "JOSE  NANEZ / Ramón Dela Cruz",
          teamCode2: "MDU19_2",
          team2: "Winner QF1",
        },
      ],
    },
    {
      "Rizal Hall": standingsCsv([
        ["MSU15_1", "José Ñañez", "MS U15", 2, 1, 1, 36, 40],
        ["MSU15_3", "Rival 3", "MS U15", 1, 1, 0, 21, 15],
      ]),
    },
  ),
];

describe("players", () => {
  test("one player by person key across days and halls, however the sheet spells the name; seats are nobody", () => {
    const directory = playerDirectory(days, undefined);
    const player = playerOf(days, "jose nanez", undefined);
    assert.equal(player?.name, "José Ñañez");
    assert.deepEqual(
      player?.matches.map((entry) => `${entry.day.key} ${entry.facility} ${entry.match.matchNumber}`),
      ["sat Rizal Hall 2", "sun Rizal Hall 3", "sun Rizal Hall 4", "sun Annex Court 9", "sun Rizal Hall 6"],
      "by date, then time",
    );
    assert.deepEqual(player?.categories, ["MS U15", "MD U19"]);
    assert.equal(directory.has("winner qf1"), false);
    assert.equal(directory.get("jose nanez")?.name, "José Ñañez");
    assert.equal(playerOf(days, "nobody", undefined), undefined);
  });

  test("the search folds the query as the desk does: accents, case and spaces ignored, every word found", () => {
    const directory = playerDirectory(days, undefined);
    const found = (query: string) => findPlayers(directory, query).map((player) => player.name);
    assert.deepEqual(found("jose nanez"), ["José Ñañez"]);
    assert.deepEqual(found("  ÑAÑEZ   josé "), ["José Ñañez"]);
    assert.deepEqual(found("ramon"), ["Ramón Dela Cruz"]);
    assert.deepEqual(found("MDU19_2"), [], "a seat has no player");
    assert.deepEqual(found("mdu19_1"), ["José Ñañez", "Ramón Dela Cruz"], "a team code finds its players");
    assert.deepEqual(found(""), []);
    assert.deepEqual(found("zoe"), []);
  });

  test("the next match is the first without a result; on court when its court has come to it", () => {
    const player = playerOf(days, "jose nanez", undefined);
    assert.ok(player);
    const now = playerNow(player, AT_0940, undefined);
    assert.deepEqual([now.next?.match.matchNumber, now.onCourt, now.won, now.lost], ["4", true, 1, 1]);
    const early = playerNow(player, AT_0940 - 20 * 60_000, undefined);
    assert.deepEqual([early.next?.match.matchNumber, early.onCourt], ["4", false], "09:20: not yet on court");
  });

  test("their standing in each category, ranked by the rule", () => {
    const player = playerOf(days, "jose nanez", undefined);
    assert.ok(player);
    assert.deepEqual(
      playerStandings(player, undefined).map((s) => [s.day.key, s.facility, s.category, s.row.rank, s.of]),
      [["sun", "Rizal Hall", "MS U15", 2, 2]],
    );
    assert.deepEqual(
      playerStandings(player, undefined, { ranked: false }),
      [],
      "a team event's pairs rank nothing",
    );
    const unranked = days.map((day) => ({
      ...day,
      snapshot: {
        ...day.snapshot,
        facilities: day.snapshot.facilities.map((f) => ({
          ...f,
          standingsCsv: f.standingsCsv.replace(/\bWon\b/, "Wins?"),
        })),
      },
    }));
    const withoutWon = playerOf(unranked, "jose nanez", undefined);
    assert.ok(withoutWon);
    assert.deepEqual(playerStandings(withoutWon, undefined), [], "a tab without Won gives no '0th of 5'");
  });
});

// Ranked standings (docs/pages.md, "Ranked standings"): matches won; two tied by their match (if
// they have not met, as for three); three or more by point difference, then points for, two left
// by their match; still tied, a shared rank.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Match } from "../../src/lib/data/matches.ts";
import { standings } from "../../src/lib/data/standings.ts";
import { type MatchCells, matches, matchesCsv, standingsCsv } from "../support/match-table.ts";

/** A match of category `category` between two codes with a score. */
const played = (category: string, one: string, two: string, a: number, b: number): MatchCells => ({
  category,
  teamCode1: one,
  team1: one,
  teamCode2: two,
  team2: two,
  team1Score: a,
  team2Score: b,
});

/** The standings tab a workbook computes from these matches: played, won, lost, points for and against. */
function tabOf(rows: MatchCells[]): string {
  const lines = new Map<string, [string, string, string, number, number, number, number, number]>();
  const line = (code: string, category: string) => {
    const found = lines.get(code) ?? [code, code, category, 0, 0, 0, 0, 0];
    lines.set(code, found);
    return found;
  };
  for (const row of rows) {
    const [one, two] = [
      line(String(row.teamCode1), String(row.category)),
      line(String(row.teamCode2), String(row.category)),
    ];
    const [a, b] = [Number(row.team1Score), Number(row.team2Score)];
    for (const [side, own, other] of [
      [one, a, b],
      [two, b, a],
    ] as const) {
      side[3]++;
      side[own > other ? 4 : 5]++;
      side[6] += own;
      side[7] += other;
    }
  }
  return standingsCsv([...lines.values()]);
}

const ranks = (csv: string, list: Match[], category: string) =>
  standings(csv, list, undefined)
    .groups.find((group) => group.category === category)
    ?.rows.map((row) => `${row.shared ? "=" : ""}${row.rank} ${row.code}`);

describe("ranked standings", () => {
  test("three tied on wins: point difference, then points for; sheet order does not matter", () => {
    const rows = [
      played("MS", "A", "B", 21, 10),
      played("MS", "B", "C", 21, 5),
      played("MS", "C", "A", 21, 15),
      played("MS", "A", "D", 21, 19),
      played("MS", "B", "D", 21, 20),
      played("MS", "C", "D", 21, 3),
    ];
    // A +7, B +6, C +8: C first, though A beat B and B beat C.
    assert.deepEqual(ranks(tabOf(rows), matches(rows), "MS"), ["1 C", "2 A", "3 B", "4 D"]);
  });

  test("two tied: the winner of their match, even with the worse point difference", () => {
    const rows = [
      played("WS", "W", "Y", 21, 2),
      played("WS", "W", "Z", 21, 3),
      played("WS", "X", "W", 21, 19),
      played("WS", "X", "Y", 21, 19),
      played("WS", "Z", "X", 21, 19),
      played("WS", "Y", "Z", 21, 18),
    ];
    // W and X won two each (W +36, X +2), X beat W; Y and Z won one each, Y beat Z.
    assert.deepEqual(ranks(tabOf(rows), matches(rows), "WS"), ["1 X", "2 W", "3 Y", "4 Z"]);
  });

  test("three tied and two still level on points: their match decides between those two", () => {
    const rows = [
      played("MD", "A", "B", 21, 19),
      played("MD", "B", "C", 21, 19),
      played("MD", "C", "A", 21, 19),
      played("MD", "A", "D", 21, 10),
      played("MD", "B", "D", 21, 10),
      played("MD", "C", "D", 21, 5),
    ];
    // A, B: +13 and 61 points for each; C +17. A beat B.
    assert.deepEqual(ranks(tabOf(rows), matches(rows), "MD"), ["1 C", "2 A", "3 B", "4 D"]);
  });

  test("two tied who have not met: point difference; level on points too, a shared rank in sheet order", () => {
    const rows = [played("XD", "P", "R", 21, 10), played("XD", "Q", "S", 21, 10)];
    assert.deepEqual(ranks(tabOf(rows), matches(rows), "XD"), ["=1 P", "=1 Q", "=3 R", "=3 S"]);
    const apart = [played("XD", "P", "R", 21, 10), played("XD", "Q", "S", 21, 5)];
    assert.deepEqual(ranks(tabOf(apart), matches(apart), "XD"), ["1 Q", "2 P", "3 R", "4 S"]);
  });

  test("a 0–1 below a 1–0, and 1–1 at 38–36 above 1–1 at 36–36, whatever the sheet's order", () => {
    const csv = standingsCsv([
      ["L", "Lost one", "WS", 1, 0, 1, 15, 21],
      ["E", "Even", "WS", 2, 1, 1, 36, 36],
      ["M", "More for", "WS", 2, 1, 1, 38, 36],
      ["W", "Won one", "WS", 1, 1, 0, 21, 15],
    ]);
    // W (1–0, +6), M (1–1, +2) and E (1–1, 0) each won one: point difference orders them.
    assert.deepEqual(ranks(csv, [], "WS"), ["1 W", "2 M", "3 E", "4 L"]);
  });

  test("categories in display order; a tab without Won keeps sheet order unranked; a knockout-only category has no table", () => {
    const csv = standingsCsv([
      ["B1", "b", "WS", 1, 0, 1, 0, 0],
      ["A1", "a", "MS", 1, 1, 0, 0, 0],
      ["K1", "k", "KO", 1, 1, 0, 0, 0],
    ]);
    const knockout = matches([{ category: "KO", round: "Final", teamCode1: "K1", teamCode2: "K2" }]);
    const table = standings(csv, knockout, { events: { MS: "Men's singles", WS: "Women's singles" } });
    assert.deepEqual(
      table.groups.map((group) => group.category),
      ["MS", "WS"],
    );
    assert.deepEqual(table.drawn, ["KO"]);
    assert.equal(table.ranked, true);
    const plain = standings("Team Code,Player,Category\nA1,a,MS\nA2,b,MS\n", [], undefined);
    assert.equal(plain.ranked, false);
    assert.deepEqual(
      plain.groups[0]?.rows.map((row) => [row.code, row.rank]),
      [
        ["A1", undefined],
        ["A2", undefined],
      ],
    );
    assert.equal(matchesCsv([]).split("\n")[0]?.startsWith("matchNumber"), true);
  });
});

// A team event's ties and table of teams (docs/pages.md, "Team scoring"), and the scores that
// arrived between two snapshots with the sentence a screen reader hears (docs/pages.md, "Changes seen").
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { announcement, scoreChanges } from "../../src/lib/data/score-changes.ts";
import { teamTable, ties } from "../../src/lib/data/ties.ts";
import { type MatchCells, matches } from "../support/match-table.ts";
import { matchRow, snapshotOf } from "../support/page-fixtures.ts";

const pair = (n: number, home: string, away: string, a: number | "", b: number | ""): MatchCells => ({
  matchNumber: n,
  teamCode1: `${home}_${n % 4 || 4}`,
  teamCode2: `${away}_${n % 4 || 4}`,
  team1Score: a,
  team2Score: b,
});

describe("ties and the table of teams", () => {
  const cup = matches([
    pair(1, "ACES", "SMASH", 21, 10),
    pair(2, "ACES", "SMASH", 21, 19),
    pair(3, "ACES", "SMASH", 5, 21),
    pair(4, "ACES", "SMASH", 10, 21),
    pair(5, "RALLY", "DRIVE", 21, 0),
    pair(6, "RALLY", "DRIVE", "", ""),
  ]);

  test("a tie's score: matches won with `games`, points added up with `points` (and anything else)", () => {
    const [aces] = ties(cup, "games");
    assert.deepEqual(
      [aces?.home, aces?.away, aces?.score, aces?.decided],
      ["ACES", "SMASH", { ACES: 2, SMASH: 2 }, true],
    );
    assert.deepEqual(ties(cup, "points")[0]?.score, { ACES: 57, SMASH: 71 });
    assert.deepEqual(ties(cup, "anything")[0]?.score, { ACES: 57, SMASH: 71 });
    assert.equal(ties(cup, "games")[1]?.decided, false, "a match without a result: not decided");
  });

  test("the table: ties decided count; ranked by ties won then the event's score, level teams share a rank", () => {
    const byGames = teamTable(cup, "games").map((t) => [
      t.rank,
      t.shared,
      t.team,
      t.played,
      t.won,
      t.drawn,
      t.lost,
      t.score,
    ]);
    assert.deepEqual(byGames, [
      [1, true, "ACES", 1, 0, 1, 0, 2],
      [1, true, "SMASH", 1, 0, 1, 0, 2],
      [3, false, "RALLY", 0, 0, 0, 0, 1],
      [4, false, "DRIVE", 0, 0, 0, 0, 0],
    ]);
    const byPoints = teamTable(cup, "points").map((t) => [t.rank, t.team, t.won, t.lost, t.score]);
    assert.deepEqual(byPoints, [
      [1, "SMASH", 1, 0, 71],
      [2, "ACES", 0, 1, 57],
      [3, "RALLY", 0, 0, 21],
      [4, "DRIVE", 0, 0, 0],
    ]);
  });
});

describe("the scores that arrived", () => {
  const before = snapshotOf({
    "Rizal Hall": [
      matchRow(101, "09:00", "Court 1", "José Ñañez", "Nicolás Peñaflor"),
      matchRow(102, "09:00", "Court 2", "A", "B"),
    ],
  });

  test("only matches whose score is new or changed; none for the first snapshot, a removed score is no news", () => {
    const after = snapshotOf({
      "Rizal Hall": [
        matchRow(101, "09:00", "Court 1", "José Ñañez", "Nicolás Peñaflor", ["21", "15"]),
        matchRow(102, "09:00", "Court 2", "A", "B"),
      ],
    });
    assert.deepEqual(
      scoreChanges(before, after).map((change) => [change.facility, change.match.matchNumber]),
      [["Rizal Hall", "101"]],
    );
    assert.deepEqual(scoreChanges(undefined, after), []);
    assert.deepEqual(scoreChanges(after, before), []);
    assert.equal(
      announcement(scoreChanges(before, after)),
      "New score, Rizal Hall, Court 1: José Ñañez 21, Nicolás Peñaflor 15.",
    );
  });

  test("a scored match moved by a match added before it is no news, though match numbers are blank; a score that came with the move is", () => {
    const unnumbered = (court: string, scores: [string, string]) => {
      const row = matchRow(0, "09:00", court, "A", "B", scores);
      row[0] = "";
      return row;
    };
    const scored = snapshotOf({
      "Rizal Hall": [
        unnumbered("Court 1", ["21", "10"]),
        unnumbered("Court 2", ["21", "15"]),
        matchRow(102, "09:00", "Court 3", "C", "D"),
      ],
    });
    const moved = snapshotOf({
      "Rizal Hall": [
        matchRow(100, "08:30", "Court 1", "E", "F"),
        unnumbered("Court 1", ["21", "10"]),
        unnumbered("Court 2", ["21", "15"]),
        matchRow(102, "09:00", "Court 3", "C", "D", ["21", "19"]),
      ],
    });
    assert.deepEqual(
      scoreChanges(scored, moved).map((change) => [change.match.court, change.match.team1Score]),
      [["Court 3", "21"]],
    );
  });

  test("many at once are summed up per hall", () => {
    const rows = (scored: boolean) =>
      Array.from({ length: 5 }, (_, i) =>
        matchRow(200 + i, "09:00", `Court ${i}`, "A", "B", scored ? ["21", "9"] : ["", ""]),
      );
    const changes = scoreChanges(snapshotOf({ Annex: rows(false) }), snapshotOf({ Annex: rows(true) }));
    assert.equal(announcement(changes), "5 new scores: Annex (5).");
    assert.equal(announcement([]), "");
  });
});

// Knockout rounds and brackets (docs/pages.md, "Round labels" and "Brackets"): rounds recognised
// from the workbooks' labels (or an event's display.rounds), each winner carried forward.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { comingWeekend } from "../../../service/src/demo/calendar.ts";
import { demoTournament } from "../../../service/src/demo/tournament.ts";
import { brackets, knockoutOnly } from "../../src/lib/data/bracket.ts";
import { carryWinners } from "../../src/lib/data/carried-winners.ts";
import { knockoutRound } from "../../src/lib/data/rounds.ts";
import { beat, type MatchCells, matches } from "../support/match-table.ts";

const short = (label: string, display?: Parameters<typeof knockoutRound>[0]) =>
  knockoutRound(display, label)?.short;

/** A draw of four: two semi-finals, a final and a third-place match, as a workbook writes them. */
const drawOfFour = (semis: [MatchCells, MatchCells], final: MatchCells = {}, third?: MatchCells) =>
  matches([
    {
      matchNumber: 11,
      category: "MS",
      round: "SF",
      team1: "Ana",
      teamCode1: "MS_1",
      team2: "Bea",
      teamCode2: "MS_4",
      ...semis[0],
    },
    {
      matchNumber: 12,
      category: "MS",
      round: "SF",
      team1: "Cris",
      teamCode1: "MS_2",
      team2: "Dina",
      teamCode2: "MS_3",
      ...semis[1],
    },
    { matchNumber: 13, category: "MS", round: "Final", team1: "Winner SF1", team2: "Winner SF2", ...final },
    ...(third ? [{ matchNumber: 14, category: "MS", round: "3rd place", ...third }] : []),
  ]);

const names = (list: ReturnType<typeof brackets>) =>
  list.map((bracket) =>
    bracket.rounds.map((round) => round.matches.map((m) => m.sides.map((s) => s.name).join(" v "))),
  );

describe("knockout rounds", () => {
  test("the built-in labels in their spellings, a match number after them ignored; group stages are not rounds", () => {
    for (const label of ["QF", "Quarter-final", "quarter finals", "QF 2", "QF3", "Quarters"])
      assert.equal(short(label), "QF", label);
    for (const label of ["SF", "Semi-Final", "semis", "SF1"]) assert.equal(short(label), "SF", label);
    for (const label of ["F", "Final", "FINALS"]) assert.equal(short(label), "F", label);
    assert.equal(short("Round of 16"), "R16");
    assert.equal(short("R16"), "R16");
    assert.equal(short("Last 32"), "R32");
    assert.equal(knockoutRound(undefined, "3rd place")?.name, "Third place");
    assert.equal(knockoutRound(undefined, "Bronze")?.name, "Third place");
    for (const label of ["Group · R1", "Group A", "Dual meet", "ACES v SMASH", "", "R1"])
      assert.equal(knockoutRound(undefined, label), undefined, label);
    const order = ["R16", "QF", "SF", "F"].map((label) => knockoutRound(undefined, label)?.position ?? -9);
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      "in order of play",
    );
  });

  test("an event's display.rounds replaces them: its labels, its words, its order of play", () => {
    const display = { rounds: { "Round 1": "First round", "Round 2": "Quarter-finals", Cup: "Final" } };
    assert.deepEqual(knockoutRound(display, "round 1"), {
      position: 0,
      name: "First round",
      short: "Round 1",
    });
    assert.equal(knockoutRound(display, "Cup")?.position, 2);
    assert.equal(knockoutRound(display, "QF"), undefined, "the built-in labels are replaced");
  });
});

describe("brackets", () => {
  test("the demo's knockout day: its draws of eight, the men's quarter-final winners carried into the semi-finals", () => {
    const draw = demoTournament(comingWeekend(Date.parse("2026-11-18T02:00:00Z"))).facilities.find(
      (facility) => facility.sheetId === "open-ko-rizal-hall",
    );
    assert.ok(draw);
    const rows = draw.matches.map((match) => ({
      matchNumber: match.matchNumber,
      time: match.time,
      court: match.court,
      category: match.category,
      round: match.round,
      teamCode1: match.side1.code,
      team1: match.side1.players.join(" / "),
      teamCode2: match.side2.code,
      team2: match.side2.players.join(" / "),
      team1Score: match.score?.[0] ?? "",
      team2Score: match.score?.[1] ?? "",
    }));
    const [men, women] = brackets(matches(rows), undefined);
    assert.deepEqual(
      men?.rounds.map((round) => [round.name, round.matches.length]),
      [
        ["Quarter-finals", 4],
        ["Semi-finals", 2],
        ["Final", 1],
      ],
    );
    const semis = men?.rounds[1]?.matches ?? [];
    const winners = (men?.rounds[0]?.matches ?? []).map((m) => m.sides[(m.winner as number) - 1]?.name);
    assert.deepEqual(
      semis.flatMap((m) => m.sides.map((side) => side.name)),
      winners,
      "each semi-final takes the winners of two quarter-finals",
    );
    assert.ok(semis.every((m) => m.sides.every((side) => side.carried && !side.open)));
    assert.deepEqual(
      women?.rounds[1]?.matches[0]?.sides.map((side) => [side.name, side.open]),
      [
        ["Winner QF1", true],
        ["Winner QF2", true],
      ],
      "no result yet: the seats stay open",
    );
  });

  test("a seat names its match by round and place, or by number; its winner is carried as soon as the score is in", () => {
    assert.deepEqual(names(brackets(drawOfFour([{}, {}]), undefined)), [
      [["Ana v Bea", "Cris v Dina"], ["Winner SF1 v Winner SF2"]],
    ]);
    const after = brackets(drawOfFour([beat(2), beat(1)]), undefined);
    assert.deepEqual(names(after), [[["Ana v Bea", "Cris v Dina"], ["Bea v Cris"]]]);
    assert.deepEqual(
      after[0]?.rounds[1]?.matches[0]?.sides.map((side) => side.code),
      ["MS_4", "MS_2"],
    );
    const byNumber = brackets(
      drawOfFour([beat(1), beat(2)], { team1: "W12", team2: "Winner of match 11" }),
      undefined,
    );
    assert.deepEqual(names(byNumber)[0]?.[1], ["Dina v Ana"]);
  });

  test("a round is ordered by what it feeds: the final's first seat comes from the first semi-final drawn", () => {
    const swapped = brackets(
      drawOfFour([beat(1), beat(1)], { team1: "Winner SF2", team2: "Winner SF1" }),
      undefined,
    );
    assert.deepEqual(names(swapped), [[["Cris v Dina", "Ana v Bea"], ["Cris v Ana"]]]);
  });

  test("without words to follow, a seat is fed by its place; a bye sends the other side through", () => {
    const rows = matches([
      { matchNumber: 1, category: "WS", round: "QF", team1: "Ana", team2: "bye" },
      { matchNumber: 2, category: "WS", round: "QF", team1: "Bea", team2: "Cris", ...beat(2) },
      { matchNumber: 3, category: "WS", round: "QF", team1: "Dina", team2: "Eva" },
      { matchNumber: 4, category: "WS", round: "QF", team1: "Fe", team2: "Gia" },
      { matchNumber: 5, category: "WS", round: "SF", team1: "TBD", team2: "TBD" },
      { matchNumber: 6, category: "WS", round: "SF", team1: "", team2: "" },
      { matchNumber: 7, category: "WS", round: "F" },
    ]);
    const [drawn] = brackets(rows, undefined);
    assert.deepEqual(
      drawn?.rounds[1]?.matches.map((m) => m.sides.map((s) => [s.name, s.open])),
      [
        [
          ["Ana", false],
          ["Cris", false],
        ],
        [
          ["To be decided", true],
          ["To be decided", true],
        ],
      ],
    );
  });

  test("the third-place match takes the semi-finals' losers and stands apart", () => {
    const [drawn] = brackets(
      drawOfFour([beat(1), beat(2)], {}, { team1: "Loser SF1", team2: "Loser SF2" }),
      undefined,
    );
    assert.equal(drawn?.rounds.length, 2);
    assert.deepEqual(
      drawn?.third[0]?.sides.map((side) => side.name),
      ["Bea", "Cris"],
    );
  });

  test("the other views get the carried names; matches nothing was carried into stay the same objects", () => {
    const list = drawOfFour([beat(1), {}]);
    const carried = carryWinners(list, undefined);
    assert.equal(carried[0], list[0]);
    const final = carried.find((match) => match.matchNumber === "13");
    assert.deepEqual([final?.team1, final?.teamCode1, final?.team2], ["Ana", "MS_1", "Winner SF2"]);
    assert.notEqual(final?.key, list.find((match) => match.matchNumber === "13")?.key, "drawn again");
    assert.equal(carryWinners(list, undefined), carried, "computed once per list");
    assert.deepEqual(
      [...knockoutOnly([...list, ...matches([{ category: "WS", round: "Group" }])], undefined)],
      ["MS"],
    );
  });
});

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../shared/errors.ts";
import { parseMatchesCsv } from "./matches-csv.ts";

function validationError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, "validation_error");
    return error;
  }
  assert.fail("expected a validation_error");
}

describe("matches CSV: columns found by header name", () => {
  it("matches header names case-insensitively, in any order, ignoring unknown columns", () => {
    const [match] = parseMatchesCsv("Notes,TEAM1,MatchNumber,court,Facility\nhello,Ana / Bo,7,2,Hall A\n");
    assert.equal(match?.matchNumber, "7");
    assert.equal(match?.team1, "Ana / Bo");
    assert.equal(match?.court, "2");
    assert.equal(match?.facility, "Hall A");
    assert.equal(match?.team2, "");
  });

  it("reads quotes, embedded commas and newlines, a BOM and CRLF line ends", () => {
    const csv =
      '\uFEFFmatchNumber,team1,round\r\n1,"Cruz, Ana / ""Bo"" Lim","Semi\r\nfinal"\r\n2,Zoë,Final\r\n';
    const matches = parseMatchesCsv(csv);
    assert.deepEqual(
      matches.map((m) => [m.matchNumber, m.team1, m.round]),
      [
        ["1", 'Cruz, Ana / "Bo" Lim', "Semi\r\nfinal"],
        ["2", "Zoë", "Final"],
      ],
    );
  });

  it("skips empty rows, including rows of empty cells", () => {
    const matches = parseMatchesCsv("matchNumber,team1\n\n1,A\n,\n  ,  \n2,B\n");
    assert.deepEqual(
      matches.map((m) => m.matchNumber),
      ["1", "2"],
    );
  });

  it("accepts the snapshot's merged day CSV with its facility column as is", () => {
    const csv =
      "facility,matchNumber,date,time,court,category,round,teamCode1,team1,teamCode2,team2,team1Score,team2Score,referee\n" +
      "Hall A,12,2026-11-22,10:00,4,MS,R32,MS_1,Ana,MS_2,Bo,21,15,Cy\n";
    assert.deepEqual(parseMatchesCsv(csv)[0], {
      facility: "Hall A",
      matchNumber: "12",
      date: "2026-11-22",
      time: "10:00",
      court: "4",
      category: "MS",
      round: "R32",
      teamCode1: "MS_1",
      team1: "Ana",
      teamCode2: "MS_2",
      team2: "Bo",
      team1Score: "21",
      team2Score: "15",
      referee: "Cy",
    });
  });

  it("keeps formula-like text as plain text", () => {
    assert.equal(
      parseMatchesCsv('matchNumber,team1\n1,"=HYPERLINK(""http://x"")"\n')[0]?.team1,
      '=HYPERLINK("http://x")',
    );
  });
});

describe("matches CSV: validation_error naming the missing header or the bad rows", () => {
  it("names the missing matchNumber header", () => {
    assert.match(validationError(() => parseMatchesCsv("match,team1\n1,A\n")).message, /matchNumber/);
  });

  it("refuses an empty upload", () => {
    assert.match(validationError(() => parseMatchesCsv("")).message, /empty/);
  });

  it("names bad rows by their line number, counting embedded newlines", () => {
    const csv = 'matchNumber,team1\n1,"two\nlines"\n,Orphan\n3,C\n  ,Other\n';
    const error = validationError(() => parseMatchesCsv(csv));
    assert.match(error.message, /line 4, 6/);
    assert.deepEqual(error.extra["problems"], [
      { line: 4, problem: "matchNumber is empty" },
      { line: 6, problem: "matchNumber is empty" },
    ]);
  });

  it("reports a malformed CSV with its line", () => {
    assert.match(
      validationError(() => parseMatchesCsv('matchNumber,team1\n1,A\n2,"open\n')).message,
      /malformed/,
    );
  });
});

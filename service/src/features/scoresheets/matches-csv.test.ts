import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { describe, it } from "node:test";
import { AppError } from "../../shared/errors.ts";
import { CSV_LIMITS, readMatchesCsv } from "./matches-csv.ts";

/** Reads a CSV given as one text, or as chunks split wherever the test wants. */
const parseMatchesCsv = (...chunks: string[]) =>
  readMatchesCsv(Readable.from(chunks.map((c) => Buffer.from(c))));

async function validationError(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, "validation_error");
    return error;
  }
  assert.fail("expected a validation_error");
}

describe("matches CSV: columns found by header name", () => {
  it("matches header names case-insensitively, in any order, ignoring unknown columns", async () => {
    const [match] = await parseMatchesCsv(
      "Notes,TEAM1,MatchNumber,court,Facility\nhello,Ana / Bo,7,2,Hall A\n",
    );
    assert.equal(match?.matchNumber, "7");
    assert.equal(match?.team1, "Ana / Bo");
    assert.equal(match?.court, "2");
    assert.equal(match?.facility, "Hall A");
    assert.equal(match?.team2, "");
  });

  it("reads quotes, embedded commas and newlines, a BOM and CRLF line ends", async () => {
    const csv =
      '\uFEFFmatchNumber,team1,round\r\n1,"Cruz, Ana / ""Bo"" Lim","Semi\r\nfinal"\r\n2,Zoë,Final\r\n';
    const matches = await parseMatchesCsv(csv);
    assert.deepEqual(
      matches.map((m) => [m.matchNumber, m.team1, m.round]),
      [
        ["1", 'Cruz, Ana / "Bo" Lim', "Semi\r\nfinal"],
        ["2", "Zoë", "Final"],
      ],
    );
  });

  it("skips empty rows, including rows of empty cells", async () => {
    const matches = await parseMatchesCsv("matchNumber,team1\n\n1,A\n,\n  ,  \n2,B\n");
    assert.deepEqual(
      matches.map((m) => m.matchNumber),
      ["1", "2"],
    );
  });

  it("accepts the snapshot's merged day CSV with its facility column as is", async () => {
    const csv =
      "facility,matchNumber,date,time,court,category,round,teamCode1,team1,teamCode2,team2,team1Score,team2Score,referee\n" +
      "Hall A,12,2026-11-22,10:00,4,MS,R32,MS_1,Ana,MS_2,Bo,21,15,Cy\n";
    assert.deepEqual((await parseMatchesCsv(csv))[0], {
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

  it("keeps formula-like text as plain text", async () => {
    assert.equal(
      (await parseMatchesCsv('matchNumber,team1\n1,"=HYPERLINK(""http://x"")"\n'))[0]?.team1,
      '=HYPERLINK("http://x")',
    );
  });
});

describe("matches CSV: validation_error naming the missing header or the bad rows", () => {
  it("names the missing matchNumber header", async () => {
    assert.match((await validationError(parseMatchesCsv("match,team1\n1,A\n"))).message, /matchNumber/);
  });

  it("refuses an empty upload", async () => {
    assert.match((await validationError(parseMatchesCsv(""))).message, /empty/);
  });

  it("names bad rows by their line number, counting embedded newlines", async () => {
    const csv = 'matchNumber,team1\n1,"two\nlines"\n,Orphan\n3,C\n  ,Other\n';
    const error = await validationError(parseMatchesCsv(csv));
    assert.match(error.message, /line 4, 6/);
    assert.deepEqual(error.extra["problems"], [
      { line: 4, problem: "matchNumber is empty" },
      { line: 6, problem: "matchNumber is empty" },
    ]);
    assert.equal(error.extra["problemCount"], 2);
  });

  it("reports a malformed CSV with its line", async () => {
    assert.match(
      (await validationError(parseMatchesCsv('matchNumber,team1\n1,A\n2,"open\n'))).message,
      /malformed/,
    );
  });
});

describe("matches CSV: mixed line ends and chunk boundaries (issue 16, row 7)", () => {
  it("reads every row of a file mixing CRLF, LF and CR, split anywhere", async () => {
    const csv = "matchNumber,team1\r\n1,a\n2,b\r3,Zoë\r\n4,d";
    const whole = await parseMatchesCsv(csv);
    assert.deepEqual(
      whole.map((m) => [m.matchNumber, m.team1]),
      [
        ["1", "a"],
        ["2", "b"],
        ["3", "Zoë"],
        ["4", "d"],
      ],
    );
    const bytes = Buffer.from(csv);
    for (let at = 1; at < bytes.length; at++) {
      const split = await readMatchesCsv(Readable.from([bytes.subarray(0, at), bytes.subarray(at)]));
      assert.deepEqual(split, whole, `split at byte ${at}`);
    }
  });
});

describe("matches CSV: hard bounds (issue 16, rows 1 and 2)", () => {
  it("stops at the row after the limit, without reading the rest", async () => {
    let chunksRead = 0;
    const bomb = Readable.from(
      (function* () {
        yield Buffer.from("matchNumber\n");
        for (let i = 0; i < 320; i++) {
          chunksRead++;
          yield Buffer.from("1\n".repeat(8192));
        }
      })(),
    );
    const error = await validationError(readMatchesCsv(bomb));
    assert.match(error.message, /more than 10000 rows/);
    assert.ok(chunksRead <= 3, `read ${chunksRead} chunks of 16 KiB for 10,001 rows`);
  });

  it("takes exactly the limit of rows", async () => {
    const matches = await parseMatchesCsv(`matchNumber\n${"7\n".repeat(CSV_LIMITS.maxRows)}`);
    assert.equal(matches.length, CSV_LIMITS.maxRows);
  });

  it("refuses a record longer than the line cap, naming its line", async () => {
    const error = await validationError(parseMatchesCsv(`matchNumber,team1\n1,A\n2,${"x".repeat(5000)}\n`));
    assert.match(error.message, /longer than 4096 characters at line 3/);
  });

  it("lists at most 20 bad rows and counts them all; an over-long cell is a bad row", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => (i === 0 ? `1,${"y".repeat(600)}` : ",orphan"));
    const error = await validationError(parseMatchesCsv(`matchNumber,team1\n${rows.join("\n")}\n`));
    const problems = error.extra["problems"] as { line: number; problem: string }[];
    assert.equal(problems.length, 20);
    assert.equal(error.extra["problemCount"], 5000);
    assert.deepEqual(problems[0], { line: 2, problem: "a cell is longer than 500 characters" });
    assert.deepEqual(problems[1], { line: 3, problem: "matchNumber is empty" });
    assert.ok(error.message.length < 300, "the message stays short");
  });

  it("stops reading when its signal aborts", async () => {
    const controller = new AbortController();
    const reading = readMatchesCsv(new Readable({ read() {} }), controller.signal);
    controller.abort();
    await assert.rejects(reading, { name: "AbortError" });
  });
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { csvTable, parseCsv, toCsv } from "../../src/lib/csv.ts";
import {
  dayLabel,
  manilaClock,
  manilaDate,
  manilaStamp,
  manilaTime,
  manilaWhen,
  startOfManilaDay,
} from "../../src/lib/manila-time.ts";

describe("CSV as the service writes it", () => {
  test("quoted fields keep commas, doubled quotes and line breaks; CRLF and LF both end a row", () => {
    assert.deepEqual(parseCsv('a,b\r\n1,"x, ""y""\nz"\n2,\n'), [
      ["a", "b"],
      ["1", 'x, "y"\nz'],
      ["2", ""],
    ]);
    assert.deepEqual(parseCsv("h\nlast"), [["h"], ["last"]]);
    assert.deepEqual(parseCsv(""), []);
  });

  test("any rows written as RFC 4180 read back the same", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "Ñ", ",", '"', "\n", "\r\n", " ") });
    const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { maxLength: 5 }), (rows) => {
        const text = rows.map((cells) => `${cells.map(field).join(",")}\n`).join("");
        assert.deepEqual(parseCsv(text), rows);
      }),
    );
  });

  test("CSV written by toCsv reads back the same, quotes and line breaks included", () => {
    const rows = [
      ["matchNumber", "team1"],
      ["1", 'Ana "A" Cruz, Jr.'],
      ["2", "two\nlines"],
    ];
    const table = csvTable(toCsv(rows));
    assert.deepEqual([table.header, ...table.rows], rows);
  });

  test("columns are found by header name, whatever the case, and blank rows are left out", () => {
    const table = csvTable("Team Code, Player \nMS_1,Ana\n,\n");
    assert.equal(table.column("team code"), 0);
    assert.equal(table.column("PLAYER"), 1);
    assert.equal(table.column("points"), -1);
    assert.deepEqual(table.rows, [["MS_1", "Ana"]]);
  });
});

describe("Asia/Manila, whatever the machine's zone", () => {
  test("times and dates are Manila's (UTC+8), this test runs in America/New_York", () => {
    assert.equal(manilaTime("2026-11-21T01:05:00Z"), "09:05");
    assert.equal(manilaTime(Date.parse("2026-11-21T15:59:00Z")), "23:59");
    assert.equal(manilaDate(Date.parse("2026-11-21T15:59:59Z")), "2026-11-21");
    assert.equal(manilaDate(Date.parse("2026-11-21T16:00:00Z")), "2026-11-22");
  });

  test("Manila's date and time from its fixed offset agree with the zone database at every 7 h 13 min through 2020–2030", () => {
    const zone = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Manila",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    // Steps of 7 h 13 min land on every hour of the day and many minutes, across leap years.
    for (
      let at = Date.parse("2020-01-01T00:00:00Z");
      at < Date.parse("2031-01-01T00:00:00Z");
      at += 433 * 60_000
    ) {
      const [date, time] = zone.format(at).split(", ");
      assert.equal(`${manilaDate(at)} ${manilaTime(at)}`, `${date} ${time}`, new Date(at).toISOString());
    }
    assert.throws(() => manilaTime("not a time"), RangeError);
  });

  test("when something happened: the time alone on the same Manila day, else the day too", () => {
    const now = Date.parse("2026-11-21T03:00:00Z");
    assert.equal(manilaWhen("2026-11-21T01:42:00Z", now), "at 09:42");
    assert.equal(manilaWhen(Date.parse("2026-11-20T01:42:00Z"), now), "on Fri 20 Nov at 09:42");
  });

  test("a moment carries its day only when it is not today's (in Manila): 'until 09:42', 'until 00:30 on Sat 21 Nov'", () => {
    const now = Date.parse("2026-11-20T03:00:00Z");
    assert.equal(manilaClock("2026-11-20T01:42:00Z", now), "09:42");
    assert.equal(manilaClock(Date.parse("2026-11-20T16:30:00Z"), now), "00:30 on Sat 21 Nov");
  });

  test("a time on a status line or a row carries its day when it is not today's (issue 26)", () => {
    const saturday = Date.parse("2026-11-28T01:30:00Z");
    assert.equal(manilaClock("2026-11-28T01:14:00Z", saturday), "09:14");
    assert.equal(manilaClock("2026-11-26T17:14:00Z", saturday), "01:14 on Fri 27 Nov");
    assert.equal(manilaStamp("2026-11-27 01:10", saturday), "01:10 on Fri 27 Nov");
    assert.equal(manilaStamp("2026-11-28 09:05", saturday), "09:05");
    assert.equal(manilaStamp("late, by hand", saturday), "late, by hand");
  });

  test("a Manila day starts at 16:00 UTC the day before", () => {
    assert.equal(startOfManilaDay("2026-11-22"), Date.parse("2026-11-21T16:00:00Z"));
  });

  test("dates read as people say them", () => {
    assert.equal(dayLabel("2026-11-22"), "Sunday 22 November");
    assert.equal(dayLabel("2026-11-22", "short"), "Sun 22 Nov");
    assert.equal(dayLabel("not a date"), "not a date");
  });
});

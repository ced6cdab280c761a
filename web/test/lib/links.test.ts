import assert from "node:assert/strict";
import { test } from "node:test";
import { csvTable, toCsv } from "../../src/lib/csv.ts";
import { isLoopbackAddress, linkPageUrl } from "../../src/lib/links.ts";
import { manilaWhen } from "../../src/lib/manila-time.ts";

test("a link opens its page beside the console, with the token in the fragment, never the query", () => {
  const from = "http://192.168.1.20:8000/console/?day=open-sun&view=links";
  assert.equal(linkPageUrl("desk", "abc.def", from), "http://192.168.1.20:8000/desk/#abc.def");
  assert.equal(linkPageUrl("scorer", "abc.def", from), "http://192.168.1.20:8000/score/#abc.def");
  assert.equal(new URL(linkPageUrl("scorer", "abc.def", from)).search, "");
});

test("addresses only this computer can open are told apart from the venue's", () => {
  assert.equal(isLoopbackAddress("http://127.0.0.1:8000/desk/#t"), true);
  assert.equal(isLoopbackAddress("http://localhost:8000/desk/#t"), true);
  assert.equal(isLoopbackAddress("http://192.168.1.20:8000/desk/#t"), false);
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

test("when something happened: the time alone on the same Manila day, else the day too", () => {
  const now = Date.parse("2026-11-21T03:00:00Z");
  assert.equal(manilaWhen("2026-11-21T01:42:00Z", now), "at 09:42");
  assert.equal(manilaWhen(Date.parse("2026-11-20T01:42:00Z"), now), "on Fri 20 Nov at 09:42");
});

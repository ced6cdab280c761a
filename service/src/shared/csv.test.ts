import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseCsv, toCsv, toExportCsv } from "./csv.ts";

describe("CSV", () => {
  test("quotes fields with commas, quotes and line breaks, and parses back", () => {
    const rows = [["a", "b,c", 'say "hi"', "two\nlines", null, 3, true]];
    const text = toCsv(rows);
    assert.equal(text, 'a,"b,c","say ""hi""","two\nlines",,3,true\n');
    assert.deepEqual(parseCsv(text), [["a", "b,c", 'say "hi"', "two\nlines", "", "3", "true"]]);
  });

  test("the service's CSV pads ragged rows and drops empty rows at the end", () => {
    assert.equal(toCsv([["h1", "h2"], ["x"], [], [null, ""]]), "h1,h2\nx,\n");
  });

  test("an export keeps every row, CRLF between records and none after the last, and quotes a lone LF", () => {
    assert.equal(toExportCsv([["a", "b\nc"], [], ["1"]]), 'a,"b\nc"\r\n,\r\n1,');
  });

  test("parsing is lenient: a stray quote is text, a record that cannot be read is skipped, nothing throws", () => {
    assert.deepEqual(parseCsv('a"b,c\r\nd,e\n'), [
      ['a"b', "c"],
      ["d", "e"],
    ]);
    assert.deepEqual(parseCsv('x\n"never closed'), [["x"]]);
  });

  test("CRLF, LF and a lone CR mixed in one file each end a record (issue 16, row 7)", () => {
    assert.deepEqual(parseCsv("h,v\r\n1,a\n2,b\r3,c\r\n"), [
      ["h", "v"],
      ["1", "a"],
      ["2", "b"],
      ["3", "c"],
    ]);
  });
});

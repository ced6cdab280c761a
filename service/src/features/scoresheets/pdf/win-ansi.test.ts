import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pdfLiteral, printable, toWinAnsi } from "./win-ansi.ts";

describe("WinAnsi text for the standard fonts", () => {
  it("keeps accented Latin names", () => {
    assert.equal(toWinAnsi("José Núñez, Ñiño, Zoë, Œuvre – “ok”"), "José Núñez, Ñiño, Zoë, Œuvre – “ok”");
  });

  it("composes decomposed accents before deciding", () => {
    assert.equal(toWinAnsi("Jose\u0301"), "José");
  });

  it("drops accents WinAnsi lacks and replaces what it cannot show", () => {
    assert.equal(toWinAnsi("Łukasz Dvořák 李娜 🏸"), "Lukasz Dvorák ?? ?");
  });

  it("turns control characters and newlines into single spaces", () => {
    assert.equal(toWinAnsi("Ana\r\n\tBo"), "Ana Bo");
  });

  it("escapes PDF string delimiters and writes high bytes in octal", () => {
    assert.equal(pdfLiteral("Ñ (a\\b) €"), "(\\321 \\(a\\\\b\\) \\200)");
  });

  it("printable text keeps every WinAnsi character (no-break space, soft hyphen) and drops invisible joiners", () => {
    assert.equal(printable("A\u00a0B\u00adC"), "A\u00a0B\u00adC");
    assert.equal(printable("李\u200d娜 👍🏽\ufe0f\tX"), "李娜 👍 X");
  });
});

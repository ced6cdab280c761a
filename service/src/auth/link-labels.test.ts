import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { AppError } from "../shared/errors.ts";
import { normaliseLabelText } from "../shared/link-rules.ts";
import { readLinkLabels, writerLabel } from "./link-labels.ts";

describe("link labels (issuedTo, note)", () => {
  test("trimming collapses inner whitespace and removes control characters", () => {
    assert.equal(normaliseLabelText("  Ana \t\n Cruz\u0000\u0007\u009f "), "Ana Cruz");
    assert.equal(normaliseLabelText(" \u0001 \t"), null);
  });

  test("trimming also removes format characters (Cf: bidi controls, zero-width), and lone surrogates", () => {
    assert.equal(normaliseLabelText("\u202Enimda\u202C Ana\u200B"), "nimda Ana");
    assert.equal(normaliseLabelText("Court\u2067 3\uD83D"), "Court 3");
    assert.equal(normaliseLabelText("Zoë 😀"), "Zoë 😀", "letters and whole emoji stay");
    assert.equal(normaliseLabelText("\u2066\uDC00\uFEFF"), null);
  });

  test("length is counted in code points after trimming: 40 pass, 41 is 400 validation_error", () => {
    assert.equal(readLinkLabels({ issuedTo: ` ${"😀".repeat(40)} ` }).issuedTo, "😀".repeat(40));
    assert.throws(
      () => readLinkLabels({ note: "a".repeat(41) }),
      (error) => error instanceof AppError && error.code === "validation_error" && /note/.test(error.message),
    );
  });

  test("absent, null or blank is null; a non-text value is 400", () => {
    assert.deepEqual(readLinkLabels(undefined), { issuedTo: null, note: null });
    assert.deepEqual(readLinkLabels({ issuedTo: null, note: "  " }), { issuedTo: null, note: null });
    for (const body of [{ issuedTo: 1 }, { note: true }, { note: {} }, "Ana", []]) {
      assert.throws(
        () => readLinkLabels(body),
        (error) => error instanceof AppError && error.code === "validation_error",
      );
    }
  });

  test("the label is '<issuedTo> (<note>)', '<issuedTo>', '<kind> (<note>)' or '<kind>'", () => {
    const day = "open-sat";
    /** The link a label belongs to (its id and expiry play no part in the label). */
    const LINK = { linkId: "test-link", expiresAt: 0 };
    assert.equal(
      writerLabel({ kind: "scorer", ...LINK, day, issuedTo: "Ana", note: "Court 3" }),
      "Ana (Court 3)",
    );
    assert.equal(writerLabel({ kind: "scorer", ...LINK, day, issuedTo: "Ana" }), "Ana");
    assert.equal(writerLabel({ kind: "desk", ...LINK, day, note: "Gate" }), "Desk link (Gate)");
    assert.equal(writerLabel({ kind: "desk", ...LINK, day, issuedTo: "" }), "Desk link");
    assert.equal(writerLabel({ kind: "operator", sessionId: "s", expiresAt: 0 }), "Operator console");
  });
});

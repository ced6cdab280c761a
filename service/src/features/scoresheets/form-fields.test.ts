import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../shared/errors.ts";
import { parseScoresheetOptions } from "./form-fields.ts";

function codeOf(fields: Record<string, string>): { code: string; message: string } {
  try {
    parseScoresheetOptions(fields);
  } catch (error) {
    assert.ok(error instanceof AppError);
    return { code: error.code, message: error.message };
  }
  assert.fail("expected an AppError");
}

describe("scoresheet form fields (DESIGN.md)", () => {
  it("defaults: standard, no title, scoresheets.pdf, no blanks", () => {
    assert.deepEqual(parseScoresheetOptions({}), {
      layout: "standard",
      title: "",
      fileName: "scoresheets.pdf",
      blanks: 0,
      facility: "",
    });
  });

  it("accepts the four registered types", () => {
    for (const type of ["standard", "no-referee", "no-referee-wide", "best-of-3"]) {
      assert.equal(parseScoresheetOptions({ type }).layout, type);
    }
  });

  it("an unregistered type is unknown_scoresheet_type", () => {
    assert.equal(codeOf({ type: "best-of-5" }).code, "unknown_scoresheet_type");
  });

  it("evt is at most 80 code points", () => {
    assert.equal(parseScoresheetOptions({ evt: "🏸".repeat(80) }).title, "🏸".repeat(80));
    assert.deepEqual(codeOf({ evt: "🏸".repeat(81) }), {
      code: "validation_error",
      message: "evt must be at most 80 characters",
    });
  });

  it("out adds .pdf when missing and refuses other characters", () => {
    assert.equal(parseScoresheetOptions({ out: "day-1_courts.A" }).fileName, "day-1_courts.A.pdf");
    assert.equal(parseScoresheetOptions({ out: "sheets.PDF" }).fileName, "sheets.PDF");
    for (const out of ["../x", 'a"b', "a b", "x".repeat(81)]) {
      const { code, message } = codeOf({ out });
      assert.equal(code, "validation_error");
      assert.match(message, /^out /);
    }
  });

  it("facility is trimmed text of at most 100 code points", () => {
    assert.equal(parseScoresheetOptions({ facility: "  Rizal\tHall " }).facility, "Rizal Hall");
    assert.deepEqual(codeOf({ facility: "x".repeat(101) }), {
      code: "validation_error",
      message: "facility must be at most 100 characters",
    });
  });

  it("blanks is a whole number from 0 to 200", () => {
    assert.equal(parseScoresheetOptions({ blanks: "200" }).blanks, 200);
    for (const blanks of ["201", "-1", "1.5", "two", "1e2"]) {
      const { code, message } = codeOf({ blanks });
      assert.equal(code, "validation_error");
      assert.match(message, /^blanks /);
    }
  });
});

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  checkAttendanceWrite,
  NOT_YET_IN_FORMULA,
  notYetInWrite,
  writeAttendance,
} from "../../src/features/attendance/write-allowlist.ts";
import type { RangeWrite } from "../../src/ports/spreadsheet.ts";
import { AppError } from "../../src/shared/errors.ts";
import { SPREADSHEET_BACKENDS as BACKENDS, type SpreadsheetBackend as Backend } from "../support/backends.ts";
import { HEADER } from "./harness.ts";

const ok = (range: string, values: RangeWrite["values"]) =>
  assert.doesNotThrow(() => checkAttendanceWrite({ range, values }), range);
const refused = (write: RangeWrite, options?: { creatingTab?: boolean }) =>
  assert.throws(
    () => checkAttendanceWrite(write, options),
    (e: unknown) => e instanceof AppError && e.code === "internal_error",
    write.range,
  );

describe("the attendance write allowlist", () => {
  test("inside ATTENDANCE!A:G, or one single cell in H to Z other than J", () => {
    ok("ATTENDANCE!E5:F5", [[true, "2026-11-21 10:00"]]);
    ok("ATTENDANCE!A1:G3", [["a", "b", "c", "d", true, "", false]]);
    ok("'ATTENDANCE'!G9", [[true]]);
    ok("ATTENDANCE!H1", [["markedBy"]]);
    ok("ATTENDANCE!Z700", [["In · Gate · 10:00"]]);
    ok("ATTENDANCE!K2", [["x"]]);
  });

  test("anything else is refused", () => {
    for (const range of [
      "ATTENDANCE!J5",
      "ATTENDANCE!AA1",
      "ATTENDANCE!H1:I1",
      "ATTENDANCE!F2:H2",
      "SCHEDULE!E5",
      "Attendance!E5",
      "ATTENDANCE!E0",
      "ATTENDANCE",
    ]) {
      refused({ range, values: [["x"]] });
    }
    refused({ range: "ATTENDANCE!H2", values: [["x", "y"]] }); // would spill into I2
    refused({ range: "ATTENDANCE!E5:F5", values: [[true, "t", "extra"]] });
    refused({ range: "ATTENDANCE!E5:F5", values: [[true, ""]], input: "user-entered" });
  });

  test("the 'not yet in' list is the one narrow exception, and only while creating the tab", () => {
    refused(notYetInWrite());
    assert.doesNotThrow(() => checkAttendanceWrite(notYetInWrite(), { creatingTab: true }));
    refused({ ...notYetInWrite(), values: [["not yet in"], ["=IMPORTRANGE(1)"]] }, { creatingTab: true });
    refused({ ...notYetInWrite(), input: "raw" }, { creatingTab: true });
    refused(
      { range: "ATTENDANCE!J1:J3", values: [["not yet in"], [NOT_YET_IN_FORMULA]], input: "user-entered" },
      { creatingTab: true },
    );
  });
});

describe("a write outside the allowlist is refused with no request made (sheets-fake)", () => {
  let backend: Backend;
  before(async () => {
    backend = await (BACKENDS[1] as (typeof BACKENDS)[number]).start();
    await backend.seed("book", { ATTENDANCE: [HEADER] });
  });
  after(() => backend.close());

  test("one bad range among good ones: the whole call is refused before any request", async () => {
    backend.fake!.resetLog();
    const error = await writeAttendance(backend.adapter(), "book", [
      { range: "ATTENDANCE!E2:F2", values: [[true, "2026-11-21 10:00"]] },
      { range: "ATTENDANCE!J2", values: [["In · Gate · 10:00"]] },
    ]).catch((e: unknown) => e);
    assert.ok(error instanceof AppError && error.code === "internal_error");
    assert.match(error.message, /ATTENDANCE!J2/);
    assert.equal(backend.fake!.count(), 0);
    await writeAttendance(backend.adapter(), "book", [
      { range: "ATTENDANCE!E2:F2", values: [[true, "2026-11-21 10:00"]] },
    ]);
    assert.equal(backend.fake!.count("values:batchUpdate"), 1);
  });
});

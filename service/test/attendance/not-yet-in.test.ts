import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { NOT_YET_IN_FORMULA } from "../../src/features/attendance/write-allowlist.ts";
import { BACKENDS, type Backend } from "./backends.ts";
import { type AttendanceApp, markPath, startAttendanceApp } from "./harness.ts";

const RECONCILE = "/v3/days/open-sat/attendance/reconciliations";

// The local workbooks evaluate formulas as Sheets does, so the list itself can be read back there.
describe("the 'not yet in' list of a tab the service creates (local workbooks, evaluated)", () => {
  let backend: Backend;
  let t: AttendanceApp;
  const notYetIn = async () =>
    ((await backend.tab("open-hall-b", "ATTENDANCE")) ?? []).slice(1).map((row) => row[9] ?? "");

  before(async () => {
    backend = await (BACKENDS[0] as (typeof BACKENDS)[number]).start();
    t = await startAttendanceApp(backend.adapter());
    await backend.seed("open-hall-b", {
      STANDINGSCSV: [
        ["Team Code", "Player"],
        ["MS_1", "Ana Cruz"],
        ["MS_2", "Ben Lim"],
      ],
    });
  });
  after(async () => {
    await t.close();
    await backend.close();
  });

  test("lists who is neither in nor withdrawn, and shows an empty list once everyone is in, not #N/A", async () => {
    assert.equal(
      (await t.client.request("POST", RECONCILE, { headers: t.operator, body: { facility: "Hall B" } }))
        .status,
      200,
    );
    assert.equal(
      (await backend.cell("open-hall-b", "ATTENDANCE", "J2")).formula,
      NOT_YET_IN_FORMULA.slice(1),
    );
    assert.deepEqual(await notYetIn(), ["Ana Cruz", "Ben Lim"]);
    for (const key of ["ana cruz", "ben lim"]) {
      const res = await t.client.request("PUT", markPath(key, "Hall%20B"), {
        headers: t.operator,
        body: { present: true },
      });
      assert.equal(res.status, 200);
    }
    assert.deepEqual(await notYetIn(), ["", ""]);
    assert.ok(!(await notYetIn()).includes("#N/A"));
  });
});

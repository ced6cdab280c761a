import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { runAfterFacilitySync } from "../../src/features/sync/hooks.ts";
import type { FacilitySynced } from "../../src/features/sync/index.ts";
import type { Rows, Spreadsheets } from "../../src/ports/spreadsheet.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { SPREADSHEET_BACKENDS as BACKENDS, type SpreadsheetBackend as Backend } from "../support/backends.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import type { TestCell } from "../support/workbooks.ts";
import { type AttendanceApp, HEADER, startAttendanceApp } from "./harness.ts";

const STANDINGS: TestCell[][] = [
  ["Team Code", "Player"],
  ["MS_1", "Ana Cruz"],
  ["MS_2", "Ben Lim"],
];

/** What a sync of the facility hands its hooks: by default, the STANDINGS tab as it just read it. */
function hookInput(
  t: AttendanceApp,
  dayKey: string,
  facilityName: string,
  standings: TestCell[][] = STANDINGS,
): FacilitySynced {
  const registry = sampleRegistry();
  const tabs = new Map([["STANDINGSCSV", standings as Rows]]);
  for (const [eventKey, event] of Object.entries(registry.events)) {
    const day = (event.days as Record<string, { facilities: { name: string; sheetId: string }[] }>)[dayKey];
    const facility = day?.facilities.find((f) => f.name === facilityName);
    if (day && facility) return { eventKey, event, dayKey, day, facility, tabs } as unknown as FacilitySynced;
  }
  throw new Error(`no ${dayKey}/${facilityName} (${t.url})`);
}

/** Counts the calls made through a Spreadsheets. */
function counting(inner: Spreadsheets) {
  const calls: string[] = [];
  const wrapped = Object.fromEntries(
    (Object.keys(inner) as (keyof Spreadsheets)[]).map((name) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (inner[name] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as Spreadsheets;
  return { spreadsheets: wrapped, calls };
}

for (const { name, start } of BACKENDS) {
  describe(`post-sync attendance hook (${name})`, () => {
    let backend: Backend;
    let t: AttendanceApp;
    let calls: string[];
    const clock = manualClock("2026-11-21T02:00:00Z");
    /** The hooks as the sync runs them after a facility sync: bounded, failures logged. */
    const hook = () => {
      const hooks = t.services.afterFacilitySync;
      assert.ok(hooks.length >= 1);
      return (sync: FacilitySynced) => runAfterFacilitySync(hooks, t.app.log, sync);
    };

    before(async () => {
      backend = await start();
      const counted = counting(backend.adapter());
      calls = counted.calls;
      t = await startAttendanceApp(counted.spreadsheets, { clock });
    });
    after(async () => {
      await t.close();
      await backend.close();
    });
    beforeEach(async () => {
      await backend.seed("open-hall-a", { STANDINGSCSV: STANDINGS, ATTENDANCE: [HEADER] });
      calls.length = 0;
      t.relay.nudges.length = 0;
    });

    test("adds the roster, then skips the facility while the roster fingerprint is unchanged", async () => {
      await hook()(hookInput(t, "open-sat", "Hall A"));
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.deepEqual(
        rows?.slice(1).map((r) => r[0]),
        ["ana cruz", "ben lim"],
      );
      assert.deepEqual(t.relay.nudges, ["open-2026/open-sat/Hall A"]);
      calls.length = 0;
      await hook()(hookInput(t, "open-sat", "Hall A"));
      assert.deepEqual(calls, [], "an unchanged roster costs the hook no call at all");
      assert.equal(t.relay.nudges.length, 1);
    });

    test("the roster is the tab the sync has just read: no read of its own, a change applies at once", async () => {
      await hook()(hookInput(t, "open-sat", "Hall A"));
      calls.length = 0;
      await hook()(hookInput(t, "open-sat", "Hall A", [...STANDINGS, ["MS_3", "Cy Go"]]));
      assert.deepEqual((await backend.tab("open-hall-a", "ATTENDANCE"))?.[3]?.[0], "cy go");
      // The ATTENDANCE tab, its update and the read-back of the added row: never the roster tab.
      assert.deepEqual(calls, ["readTabs", "writeRanges", "readTabs"]);
    });

    test("a roster tab the sync did not read (the registry names another since) is read by the hook", async () => {
      const synced = hookInput(t, "open-sat", "Hall A");
      await hook()({ ...synced, tabs: new Map([["Old roster", []]]) });
      assert.equal(calls[0], "readTabs");
      assert.deepEqual(
        (await backend.tab("open-hall-a", "ATTENDANCE"))?.slice(1).map((r) => r[0]),
        ["ana cruz", "ben lim"],
      );
    });

    test("nothing for an event without attendance or a facility without a workbook", async () => {
      await hook()(hookInput(t, "teams-d1", "Arena"));
      await hook()(hookInput(t, "open-sat", "Annex"));
      assert.deepEqual(calls, []);
    });

    test("never throws: a workbook failure or a wrong layout is logged and swallowed", async () => {
      await backend.seed("open-hall-a", { STANDINGSCSV: STANDINGS, ATTENDANCE: [["nope"]] });
      await hook()(hookInput(t, "open-sat", "Hall A"));
      await hook()(hookInput(t, "open-sat", "Hall B")); // no such workbook
      assert.deepEqual(t.relay.nudges, []);
    });
  });
}

describe("post-sync attendance hook: bound and races (sheets-fake)", () => {
  let backend: Backend;
  let t: AttendanceApp;
  const clock = manualClock("2026-11-21T02:00:00Z");
  before(async () => {
    backend = await (BACKENDS[1] as (typeof BACKENDS)[number]).start();
    t = await startAttendanceApp(backend.adapter(), { clock });
  });
  after(async () => {
    await t.close();
    await backend.close();
  });

  test("bounded to 6 s with a slow fake: the hook returns while the request still hangs", async () => {
    await backend.seed("open-hall-a", { STANDINGSCSV: STANDINGS, ATTENDANCE: [HEADER] });
    const fake = backend.fake!;
    fake.resetLog();
    fake.hangNext();
    await runAfterFacilitySync(t.services.afterFacilitySync, t.app.log, hookInput(t, "open-sat", "Hall A"));
    // Returned, yet the one request made (the ATTENDANCE read) never got an answer and nothing was written.
    assert.equal(fake.count(), 1);
    assert.equal(fake.count("values:batchUpdate"), 0);
    assert.deepEqual(t.relay.nudges, []);
  });

  test("rows overwritten by another instance leave the fingerprint unrecorded, so the next sync adds them", async () => {
    await backend.seed("open-hall-a", { STANDINGSCSV: STANDINGS, ATTENDANCE: [HEADER] });
    const fake = backend.fake!;
    // Another instance writes its own person into row 2 right after our batch lands.
    const sheets = t.services.spreadsheets;
    const original = sheets.writeRanges.bind(sheets);
    let intercepted = false;
    sheets.writeRanges = async (id, writes) => {
      await original(id, writes);
      if (!intercepted) {
        intercepted = true;
        await original(id, [
          { range: "ATTENDANCE!A2:G2", values: [["zoe tan", "Zoe Tan", "MS_7", "MS", false, "", false]] },
        ]);
      }
    };
    try {
      const hooks = t.services.afterFacilitySync;
      await Promise.all(hooks.map((h) => h(hookInput(t, "open-sat", "Hall A"))));
      fake.resetLog();
      await Promise.all(hooks.map((h) => h(hookInput(t, "open-sat", "Hall A"))));
      assert.equal(fake.count("values:batchUpdate"), 1, "the second sync wrote again instead of skipping");
      const rows = await backend.tab("open-hall-a", "ATTENDANCE");
      assert.deepEqual(
        rows?.slice(1).map((r) => r[0]),
        ["zoe tan", "ben lim", "ana cruz"],
      );
    } finally {
      sheets.writeRanges = original;
    }
  });
});

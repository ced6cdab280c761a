// The workbook trigger against the real service (startTestApp over the demo tournament's local
// workbooks), with Apps Script's services stubbed by ./harness.ts.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createXlsxWorkbooks, type XlsxWorkbooks } from "../../service/src/adapters/xlsx-workbooks/index.ts";
import { createDemoTournament, demoTournament } from "../../service/src/demo/index.ts";
import { manualClock } from "../../service/src/shared/clock.ts";
import { SYNC_SECRET, startTestApp, type TestApp } from "../../service/test/support/app.ts";
import { runTrigger } from "./harness.ts";

const SERVICE_NOW = Date.parse("2026-11-21T02:00:00Z");
// Edits happen ten minutes before the service's clock, so `editedAt` is recent and not in the future.
const START = SERVICE_NOW - 10 * 60_000;

describe("clients/apps-script: the facility workbook's onEdit trigger", () => {
  let dir: string;
  let workbooks: XlsxWorkbooks;
  let app: TestApp;
  let properties: Record<string, string>;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "tops-trigger-"));
    await createDemoTournament({
      dataDir: join(dir, "data"),
      workbooksDir: join(dir, "workbooks"),
      now: SERVICE_NOW,
    });
    workbooks = createXlsxWorkbooks({ dir: join(dir, "workbooks") });
    app = await startTestApp({
      registry: demoTournament({ saturday: "2026-11-21", sunday: "2026-11-22" }).registry,
      spreadsheets: workbooks,
      clock: manualClock(SERVICE_NOW),
    });
    properties = { SYNC_URL: `${app.url}/`, SYNC_SECRET, DAY: "open-sat", FACILITY: "Rizal Hall" };
  });

  after(async () => {
    await app.close();
    workbooks.close();
    await rm(dir, { recursive: true, force: true });
  });

  test("a burst of edits makes one facility sync, with X-Sync-Secret and editedAt = the last edit", async () => {
    const edits = [0, 700, 1500, 2100, 3000].map((offset) => ({ at: START + offset }));
    const run = await runTrigger({ properties, start: START, edits });
    assert.equal(run.fetches.length, 1);
    const [sync] = run.fetches;
    assert.equal(sync!.url, `${app.url}/v3/days/open-sat/facilities/Rizal%20Hall/syncs`);
    assert.equal(sync!.method, "post");
    assert.equal(sync!.headers["X-Sync-Secret"], SYNC_SECRET);
    assert.equal(sync!.headers["X-Workbook-Id"], "this-workbook", "it says which workbook calls");
    assert.deepEqual(JSON.parse(sync!.payload), { editedAt: new Date(START + 3000).toISOString() });
    assert.equal(sync!.status, 200);
    assert.ok(
      sync!.at >= START + 3000 + 4000,
      "the sync waits until the edits have been quiet for the debounce",
    );
    assert.equal(run.lockHeld, false);
    const snapshot = JSON.parse((await app.repository.read("junior-open/data/open-sat.json"))!.content);
    assert.equal(snapshot.editedAt, new Date(START + 3000).toISOString());
  });

  test("an edit that lands while the sync is in flight makes one more sync with its time", async () => {
    const run = await runTrigger({
      properties,
      start: START,
      edits: [{ at: START }, { at: START + 4300 }],
      fetchMs: 800,
    });
    assert.deepEqual(
      run.fetches.map((f) => JSON.parse(f.payload).editedAt),
      [new Date(START).toISOString(), new Date(START + 4300).toISOString()],
    );
    assert.deepEqual(
      run.fetches.map((f) => f.status),
      [200, 200],
    );
  });

  test("edits of the ATTENDANCE tab make no sync", async () => {
    const run = await runTrigger({ properties, start: START, edits: [{ at: START, tab: "ATTENDANCE" }] });
    assert.equal(run.fetches.length, 0);
  });

  test("without its script properties it syncs nothing and says which to set", async () => {
    const run = await runTrigger({ properties: {}, start: START, edits: [{ at: START }] });
    assert.equal(run.fetches.length, 0);
    assert.match(run.warnings.join("\n"), /SYNC_URL, SYNC_SECRET, DAY and FACILITY/);
  });

  test("a refused sync (wrong secret) is logged with the service's answer", async () => {
    const run = await runTrigger({
      properties: { ...properties, SYNC_SECRET: "wrong" },
      start: START,
      edits: [{ at: START }],
    });
    assert.equal(run.fetches[0]?.status, 401);
    assert.match(run.warnings.join("\n"), /sync of Rizal Hall answered 401/);
  });

  test("installTrigger replaces an earlier onEditInstalled trigger with one onEdit trigger of this workbook", async () => {
    const run = await runTrigger({ properties, start: START, install: true });
    assert.deepEqual(run.triggers, []);
    assert.deepEqual(run.created, [
      { handler: "onEditInstalled", spreadsheet: "this-workbook", event: "onEdit" },
    ]);
  });
});

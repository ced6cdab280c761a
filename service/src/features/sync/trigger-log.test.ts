import assert from "node:assert/strict";
import { test } from "node:test";
import { manualClock } from "../../shared/clock.ts";
import { TriggerLog } from "./trigger-log.ts";

test("each trigger's last call and last sync are kept, at most 200 triggers, the least recently heard forgotten first", () => {
  const clock = manualClock("2026-11-21T02:00:00Z");
  const log = new TriggerLog(clock);
  log.record({ day: "open-sat", facility: "Rizal Hall", workbookId: "wb-rizal", status: 200 });
  clock.advance(60_000);
  log.record({
    day: "open-sat",
    facility: "Rizal Hall",
    workbookId: "wb-rizal",
    status: 401,
    code: "unauthorized",
  });
  const [rizal] = log.records();
  assert.ok(rizal?.lastSynced);
  assert.deepEqual(
    [rizal.last.status, rizal.lastSynced.status, rizal.last.at - rizal.lastSynced.at],
    [401, 200, 60_000],
  );
  for (let i = 0; i < 250; i++)
    log.record({ day: "open-sat", facility: `Hall ${i}`, status: 404, code: "unknown_facility" });
  const records = log.records();
  assert.equal(records.length, 200);
  assert.equal(records.at(0)?.last.facility, "Hall 50", "the first heard are forgotten first");
  assert.equal(log.since, Date.parse("2026-11-21T02:00:00Z"));
  log.record({ day: "x".repeat(500), facility: "Hall", workbookId: "not an id: spaces", status: 404 });
  const odd = log.records().at(-1);
  assert.deepEqual([odd?.last.day.length, odd?.last.workbookId], [100, undefined]);
});

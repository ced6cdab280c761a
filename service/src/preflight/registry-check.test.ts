import assert from "node:assert/strict";
import { test } from "node:test";
import type { Registry } from "../registry/types.ts";
import { comingDayChecks, comingDays } from "./registry-check.ts";

const day = (date: string, sheetId: string) => ({
  label: date,
  date,
  facilities: [{ name: "Rizal Hall", sheetId }],
});
const registry: Registry = {
  version: 1,
  defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
  events: {
    open: {
      type: "standard",
      days: { fri: day("2026-11-20", ""), sat: day("2026-11-21", "") },
    },
  },
};

test("a day is coming from its date in Manila: today's hall without a workbook is looked at while UTC is still on yesterday", () => {
  // 01:00 on Saturday 21 November in Manila, 17:00 on Friday in UTC.
  const checks = comingDayChecks(comingDays(registry, Date.parse("2026-11-20T17:00:00Z")));
  assert.deepEqual(
    checks.map((check) => [check.status, check.subject]),
    [["warn", "Rizal Hall (sat)"]],
  );
  // Sunday in Manila: both days are past, and that is said.
  const over = comingDayChecks(comingDays(registry, Date.parse("2026-11-21T16:00:00Z")));
  assert.deepEqual(
    over.map((check) => [check.status, check.subject, check.detail.split(":")[0]]),
    [["warn", "config/events.json", "no day today or ahead"]],
  );
});

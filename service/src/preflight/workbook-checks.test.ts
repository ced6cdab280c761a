import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AccessProbe } from "../ports/access-probe.ts";
import type { Spreadsheets } from "../ports/spreadsheet.ts";
import type { Registry } from "../registry/types.ts";
import { comingDays } from "./registry-check.ts";
import { workbookChecks, workbookUses } from "./workbook-checks.ts";

const registry: Registry = {
  version: 1,
  defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
  events: {
    open: {
      type: "standard",
      scoreEntry: "links",
      days: {
        sat: { label: "Sat", date: "2026-11-28", facilities: [{ name: "Hall", sheetId: "shared" }] },
        sun: {
          label: "Sun",
          date: "2026-11-29",
          matchesSheetName: "MATCHES",
          facilities: [
            { name: "Hall", sheetId: "shared" },
            { name: "Annex", sheetId: "" },
          ],
        },
        old: { label: "Old", date: "2026-11-01", facilities: [{ name: "Gone", sheetId: "past" }] },
      },
    },
    cup: {
      type: "team",
      days: { cup: { label: "Cup", facilities: [{ name: "Main", sheetId: "cup-main" }] } },
    },
    archive: {
      type: "standard",
      archived: true,
      days: { a: { label: "A", date: "2026-12-01", facilities: [{ name: "X", sheetId: "archived" }] } },
    },
  },
};
const NOW = Date.parse("2026-11-21T02:00:00Z");

describe("the preflight's workbooks", () => {
  test("each coming workbook once, with every tab the registry names for it; past, archived and unnamed ones left out", () => {
    const uses = workbookUses(registry, comingDays(registry, NOW));
    assert.deepEqual(
      uses.map((use) => [use.sheetId, use.uses, [...use.tabs]]),
      [
        ["shared", ["Hall (sat)", "Hall (sun)"], ["CSV", "STANDINGSCSV", "SCHEDULE", "MATCHES"]],
        ["cup-main", ["Main (cup)"], ["CSV", "STANDINGSCSV", "Teams"]],
      ],
    );
  });

  test("workbooks past the preflight's time are reported as not checked, never silently dropped", async () => {
    let calls = 0;
    const spreadsheets = {
      listTabs: async () => {
        calls++;
        return ["CSV", "STANDINGSCSV", "SCHEDULE", "MATCHES", "Teams"];
      },
    } as unknown as Spreadsheets;
    const probe = {
      account: async () => "sa@p.iam.gserviceaccount.com",
      workbook: async () => ({ kind: "edit" }),
    } as unknown as AccessProbe;
    const days = comingDays(registry, NOW);
    const none = await workbookChecks({ spreadsheets, probe, withinMs: 0 }, registry, days);
    assert.equal(calls, 0);
    assert.deepEqual(
      none.map((c) => [c.status, c.subject]),
      [["skip", "2 more workbooks"]],
    );
    const all = await workbookChecks({ spreadsheets, probe }, registry, days);
    assert.equal(calls, 2);
    assert.deepEqual(
      all.map((c) => [c.check, c.status]),
      [
        ["workbook-access", "pass"],
        ["workbook-tabs", "pass"],
        ["workbook-access", "pass"],
        ["workbook-tabs", "pass"],
      ],
    );
  });
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { acceptEditedAt, parseEditedAt } from "./edited-at.ts";
import { runAfterFacilitySync } from "./hooks.ts";
import { TrailingFlight } from "./single-flight.ts";
import { applyRead, mergeMatchesCsv } from "./snapshot.ts";

describe("Merged day matches CSV", () => {
  test("adds a facility column and matches columns by header name, case-insensitively", () => {
    const a = {
      name: "A",
      status: "ok" as const,
      fetchedAt: null,
      matchesCsv: "matchNumber,team1\n1,X\n",
      standingsCsv: "",
    };
    const b = {
      name: "B",
      status: "ok" as const,
      fetchedAt: null,
      matchesCsv: "Team1,MATCHNUMBER,court\nY,7,C1\n",
      standingsCsv: "",
    };
    assert.equal(mergeMatchesCsv([a, b]), "facility,matchNumber,team1,court\nA,1,X,\nB,7,Y,C1\n");
  });
});

describe("Merging a read", () => {
  const before = {
    name: "A",
    status: "ok" as const,
    fetchedAt: "2026-11-21T02:00:00.000Z",
    matchesCsv: "m\n1\n",
    standingsCsv: "",
  };
  test("a failed read keeps the last data, stale with the reason", () => {
    const after = applyRead(before, {
      name: "A",
      ok: false,
      attemptedAt: Date.parse("2026-11-21T02:01:00Z"),
      error: "boom",
      code: "upstream_failure",
    });
    assert.deepEqual(after, { ...before, status: "stale", error: "boom" });
  });
  test("an older read never replaces newer data", () => {
    const after = applyRead(before, {
      name: "A",
      ok: true,
      fetchedAt: Date.parse("2026-11-21T01:00:00Z"),
      matchesCsv: "old",
      standingsCsv: "",
    });
    assert.equal(after, before);
  });
});

describe("editedAt", () => {
  test("parses ISO 8601 with a zone; epoch ms only where allowed; anything else is validation_error", () => {
    assert.equal(parseEditedAt("2026-11-21T01:58:00Z"), Date.parse("2026-11-21T01:58:00Z"));
    assert.equal(parseEditedAt("2026-11-21T09:58:00+08:00"), Date.parse("2026-11-21T01:58:00Z"));
    assert.equal(parseEditedAt("1795226280000", { allowEpochMs: true }), 1795226280000);
    for (const bad of ["1795226280000", "2026-11-21", "2026-11-21T01:58:00", "2026-13-45T99:00:00Z", ""]) {
      assert.throws(() => parseEditedAt(bad), { code: "validation_error" });
    }
  });
  test("ignored when older than one hour or in the future", () => {
    const now = Date.parse("2026-11-21T02:00:00Z");
    assert.deepEqual(acceptEditedAt(now - 3_600_000, now), { accepted: now - 3_600_000 });
    assert.equal(acceptEditedAt(now - 3_600_001, now).ignored, "editedAt is older than one hour");
    assert.equal(acceptEditedAt(now + 1, now).ignored, "editedAt is in the future");
  });
});

describe("Single flight with one trailing run", () => {
  test("never more than one run in flight and one queued; callers meanwhile share the trailing run", async () => {
    const flight = new TrailingFlight<string, number, number[]>();
    const runs: number[][] = [];
    let release = () => {};
    const work = async (inputs: number[]) => {
      runs.push(inputs);
      if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return inputs;
    };
    const first = flight.run("k", 1, work);
    const later = [2, 3, 4].map((n) => flight.run("k", n, work));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs.length, 1);
    release();
    assert.deepEqual(await first, [1]);
    for (const p of later) assert.deepEqual(await p, [2, 3, 4]);
    assert.deepEqual(runs, [[1], [2, 3, 4]]);
    assert.equal(flight.size, 0);
  });
});

describe("The post-sync hook point", () => {
  const warnings: string[] = [];
  const logger = { warn: (_: unknown, message: string) => warnings.push(message) };
  const synced = {
    eventKey: "e",
    event: { type: "standard" as const, days: {} },
    dayKey: "d",
    day: { label: "D", facilities: [] },
    facility: { name: "Hall A", sheetId: "x" },
    tabs: new Map(),
  };
  test("each hook is bounded by a timer; an overrun or a failure is logged, never thrown", async () => {
    const hooks = [
      () => new Promise<void>(() => {}),
      async () => {
        throw new Error("broken");
      },
    ];
    await runAfterFacilitySync(hooks, logger, synced, 30);
    assert.deepEqual(warnings.sort(), ["post-sync hook failed", "post-sync hook overran its bound"]);
  });
});

import { after, before, beforeEach } from "node:test";
import { cellName } from "../../src/shared/a1.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { startTestApp, type TestApp, type TestAppOptions } from "../support/app.ts";
import type { SPREADSHEET_BACKENDS, SpreadsheetBackend as WorkbookBackend } from "../support/backends.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import { HALL_A, scheduleWorkbook, TEAM1_SCORE, TEAM2_SCORE } from "./schedule-fixture.ts";

/** What a score-PUT suite gets: the app, its backend and clock, and shorthands. */
export interface ScoreSuite {
  readonly t: TestApp;
  readonly backend: WorkbookBackend;
  clock: ReturnType<typeof manualClock>;
  /** A PUT with a bearer token (an operator's unless given). */
  put(path: string, body: unknown, token?: string): ReturnType<TestApp["client"]["request"]>;
  /** Match row `row`'s two stored score cells. */
  scoreCells(
    row: number,
  ): ReturnType<WorkbookBackend["cell"]>[] extends (infer C)[] ? Promise<Awaited<C>[]> : never;
}

/**
 * Registers the hooks of one score-PUT suite over a backend: the real app over the backend's
 * adapter, the clock at 10:00 Manila and a freshly seeded Hall A workbook before each test.
 * @example const s = scoreSuite(makeBackend); test("…", async () => { await s.put(path, body); });
 */
export function scoreSuite(
  makeBackend: (typeof SPREADSHEET_BACKENDS)[number],
  options: { env?: Record<string, string>; liveRelay?: TestAppOptions["liveRelay"] } = {},
): ScoreSuite {
  let t: TestApp | undefined;
  let backend: WorkbookBackend | undefined;
  const clock = manualClock("2026-11-21T02:00:00Z");
  const suite: ScoreSuite = {
    get t() {
      if (!t) throw new Error("the app is not started");
      return t;
    },
    get backend() {
      if (!backend) throw new Error("the backend is not started");
      return backend;
    },
    clock,
    put: (path, body, token) =>
      suite.t.client.request("PUT", path, {
        headers: { authorization: `Bearer ${token ?? suite.t.operatorToken()}` },
        body,
      }),
    scoreCells: (row) =>
      Promise.all(
        [TEAM1_SCORE, TEAM2_SCORE].map((column) =>
          suite.backend.cell(HALL_A, "SCHEDULE", cellName(row, column)),
        ),
      ),
  };
  before(async () => {
    backend = await makeBackend.start();
    // The fake does not recalculate formulas, so over it the day publishes SCHEDULE itself.
    const registry = sampleRegistry();
    if (backend.fake)
      Object.assign(registry.events["open-2026"].days["open-sat"], { matchesSheetName: "SCHEDULE" });
    t = await startTestApp({
      clock,
      spreadsheets: backend.spreadsheets,
      registry,
      env: { ARCHIVE_MIN_INTERVAL_MS: "0", ...options.env },
      liveRelay: options.liveRelay,
    });
  });
  after(async () => {
    await t?.close();
    await backend?.close();
  });
  beforeEach(async () => {
    clock.set("2026-11-21T02:00:00Z");
    await suite.backend.seed(HALL_A, scheduleWorkbook());
  });
  return suite;
}

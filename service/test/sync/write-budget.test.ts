import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, mock, test } from "node:test";
import pino from "pino";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { createAccessProbe } from "../../src/adapters/index.ts";
import { linkIdOf } from "../../src/auth/link-id.ts";
import { parseEnvironment } from "../../src/config/environment.ts";
import { linkFilePath } from "../../src/features/links/link-file.ts";
import type { DataRepository } from "../../src/ports/data-repository.ts";
import type { LiveRelay } from "../../src/ports/live-relay.ts";
import type { Rows, Spreadsheets } from "../../src/ports/spreadsheet.ts";
import { REGISTRY_PATH } from "../../src/registry/store.ts";
import { createServices, type Services } from "../../src/services.ts";
import { systemClock } from "../../src/shared/clock.ts";

/**
 * The whole service's GitHub write budget over an hour of fake time: three days, each synced every
 * second, every second's sync carrying a new edit; a registry change and a link revocation on
 * the way. Every commit is counted where the repository sees it.
 */

const START = Date.parse("2026-11-21T01:00:00Z");
const SECONDS = 3_600;
const DAYS = ["sat", "sun", "mon"] as const;
const MINUTE = 60_000;
const HOUR = 3_600_000;

function registry() {
  const day = (label: string, key: string) => ({ label, facilities: [{ name: "Hall", sheetId: key }] });
  return {
    version: 1,
    defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
    events: {
      open: {
        type: "standard",
        attendance: "desks",
        days: { sat: day("Saturday", "wb-sat"), sun: day("Sunday", "wb-sun"), mon: day("Monday", "wb-mon") },
      },
    },
  };
}

/** Each workbook's matches: the score of match `n` is the second of the edit that last set it. */
const scores = new Map<string, number[]>(DAYS.map((d) => [`wb-${d}`, Array(60).fill(0)]));
const matchesOf = (sheetId: string): Rows => [
  ["matchNumber", "team1Score"],
  ...(scores.get(sheetId) ?? []).map((score, n) => [n + 1, score]),
];
const spreadsheets = {
  async readTabs(sheetId: string, tabs: readonly string[]) {
    return new Map(tabs.map((tab) => [tab, tab === "CSV" ? matchesOf(sheetId) : [["Team Code"]]]));
  },
} as unknown as Spreadsheets;

/** The most entries in any window of `span` ms. */
function busiest(times: readonly number[], span: number): number {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while ((times[i] as number) - (times[j] as number) >= span) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe("the GitHub write budget over an hour of three days synced every second", () => {
  let dir: string;
  let services: Services;
  const commits: Array<{ path: string; at: number }> = [];
  const pushes: Array<{ day: string; at: number }> = [];
  let inFlight = 0;
  let reads = 0;
  const requested: Record<string, number> = {};
  /** Each sync's answer: its archive status, and how long (fake time) the caller waited for it. */
  const answers: Array<{ status: string; waitedMs: number }> = [];

  /** Lets the event loop run until the repository has nothing in flight (real file I/O). */
  async function settle() {
    for (let idle = 0; idle < 3; ) {
      await new Promise((resolve) => setImmediate(resolve));
      idle = inFlight === 0 ? idle + 1 : 0;
    }
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "tops-write-budget-"));
    const folder = createDataFolder(dir);
    await folder.write(REGISTRY_PATH, JSON.stringify(registry()), null, "test");
    mock.timers.enable({ apis: ["setTimeout", "setInterval", "Date"], now: START });
    // The budget and the group commit keep monotonic time: the fake clock drives it too.
    mock.method(performance, "now", () => Date.now() - START);
    const counted = <T>(call: Promise<T>) => {
      inFlight++;
      return call.finally(() => inFlight--);
    };
    const repository: DataRepository = {
      read: (path) => {
        reads++;
        return counted(folder.read(path));
      },
      write: (path, ...rest) =>
        counted(folder.write(path, ...rest)).then((written) => {
          commits.push({ path, at: Date.now() });
          return written;
        }),
    };
    const liveRelay = {
      baseUrl: "http://127.0.0.1:9",
      async publish(_event: string, day: string) {
        pushes.push({ day, at: Date.now() });
        return { clients: 1 };
      },
      async nudge() {},
      async announceDays() {},
    } as unknown as LiveRelay;
    // The folder stands for GitHub: its budget and its spacing, as a GitHub backend has by default.
    const { config } = parseEnvironment({
      DATA_DIR: dir,
      LIVE_PUSH_URL: "http://127.0.0.1:9",
      DATA_REPO_WRITES_PER_MINUTE: "80",
      DATA_REPO_WRITES_PER_HOUR: "500",
      ARCHIVE_MIN_INTERVAL_MS: "8000",
    });
    services = createServices(
      config!,
      { spreadsheets, repository, liveRelay, accessProbe: createAccessProbe(config!) },
      { clock: systemClock, logger: pino({ level: "silent" }) },
    );
    const token = "a-desk-token-for-the-test";
    await services.links.record("desk", {
      token,
      day: "sat",
      issuedTo: "Front desk",
      note: null,
      expiresAt: START + 2 * HOUR,
    } as never);
    await settle();

    for (let second = 1; second <= SECONDS; second++) {
      for (const day of DAYS) {
        (scores.get(`wb-${day}`) as number[])[second % 60] = second;
        const asked = Date.now();
        services.sync.syncFacility(day, "Hall").then(
          (report) => answers.push({ status: report.archive.status, waitedMs: Date.now() - asked }),
          (error) => answers.push({ status: `failed: ${error}`, waitedMs: Date.now() - asked }),
        );
      }
      if (second === 20 * 60) {
        requested.revocation = Date.now();
        void services.links.revoke("sat", linkIdOf(token));
      }
      if (second === 40 * 60) {
        requested.registry = Date.now();
        void services.visibility.setDay("sun", true);
      }
      mock.timers.tick(1_000);
      await settle();
    }
    // The last edits wait for their turn; nothing is dropped.
    for (let second = 0; second < 10 * 60; second++) {
      mock.timers.tick(1_000);
      await settle();
    }
  });

  after(async () => {
    await services?.close();
    mock.timers.reset();
    mock.restoreAll();
    await rm(dir, { recursive: true, force: true });
  });

  test("all commits together stay within 80 a minute and 500 an hour, and the hour's budget is used", (t) => {
    const times = commits.map((c) => c.at);
    const perMinute = busiest(times, MINUTE);
    const perHour = busiest(times, HOUR);
    const firstHour = times.filter((t) => t < START + HOUR).length;
    assert.ok(perMinute <= 80, `busiest minute: ${perMinute} commits`);
    assert.ok(perHour <= 500, `busiest hour: ${perHour} commits`);
    assert.ok(firstHour >= 400, `${firstHour} commits in the first hour: the snapshots use the budget`);
    t.diagnostic(
      `busiest minute ${perMinute} commits, busiest hour ${perHour}, first hour ${firstHour}; ${reads} reads`,
    );
  });

  test("every sync is answered without waiting for its commit's turn: committed, or carried with retryAt", (t) => {
    assert.equal(answers.length, SECONDS * DAYS.length);
    const statuses: Record<string, number> = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    assert.deepEqual(Object.keys(statuses).sort(), ["carried", "committed"]);
    const slowest = Math.max(...answers.map((a) => a.waitedMs));
    // The file's own spacing (ARCHIVE_MIN_INTERVAL_MS, 8 s) is the longest a caller waits, as
    // before the budget, give or take the test's one-second steps.
    assert.ok(slowest <= 9_000, `a sync waited ${slowest} ms`);
    t.diagnostic(
      `answers: ${Object.entries(statuses)
        .map(([s, n]) => `${n} ${s}`)
        .join(", ")}; slowest ${slowest} ms`,
    );
  });

  test("the days share the snapshot commits fairly", (t) => {
    const perDay = DAYS.map((day) => commits.filter((c) => c.path === `open/data/${day}.json`).length);
    const [least, most] = [Math.min(...perDay), Math.max(...perDay)];
    assert.ok(most - least <= 2, `snapshot commits per day: ${perDay.join(", ")}`);
    t.diagnostic(`snapshot commits per day: ${perDay.join(", ")}`);
  });

  test("no edit is lost: each day's last commit holds its workbook's last edits", async () => {
    for (const day of DAYS) {
      const stored = await createDataFolder(dir).read(`open/data/${day}.json`);
      const snapshot = JSON.parse(stored?.content ?? "{}");
      const expected = matchesOf(`wb-${day}`)
        .map((row) => row.join(","))
        .join("\n");
      assert.equal(snapshot.facilities[0].matchesCsv, `${expected}\n`, day);
    }
  });

  test("spectators are not kept waiting: every sync is pushed to the relay in its own second", () => {
    assert.equal(pushes.length >= SECONDS * DAYS.length, true, `${pushes.length} pushes`);
    for (const day of DAYS) {
      const times = pushes.filter((p) => p.day === day).map((p) => p.at);
      const late = times.filter((at, i) => i > 0 && at - (times[i - 1] as number) > 1_000);
      assert.deepEqual(late, [], `${day}: a second without a push`);
    }
  });

  test("a revocation and a registry change are committed at once, before the waiting snapshots", () => {
    const committed = (path: string, after: number) =>
      commits.find((c) => c.path === path && c.at >= after)?.at ?? Number.POSITIVE_INFINITY;
    const revocation = committed(
      linkFilePath({ eventKey: "open", dayKey: "sat" }),
      requested.revocation as number,
    );
    const registry = committed(REGISTRY_PATH, requested.registry as number);
    assert.ok(
      revocation - (requested.revocation as number) <= 1_000,
      `revocation after ${revocation - (requested.revocation as number)} ms`,
    );
    assert.ok(
      registry - (requested.registry as number) <= 1_000,
      `registry change after ${registry - (requested.registry as number)} ms`,
    );
  });
});

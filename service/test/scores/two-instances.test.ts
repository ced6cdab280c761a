import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { type RunningRelay, startRelay } from "../../../relay/test/helpers.ts";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { createGoogleSheets } from "../../src/adapters/google-sheets/index.ts";
import { createRelayClient } from "../../src/adapters/relay-client/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { type SheetsApiFake, startSheetsApiFake } from "../fakes/sheets-api-fake.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import {
  HALL_A,
  scheduleWorkbook,
  scoreBody,
  scorePath,
  TEAM1_SCORE,
  TEAM2_SCORE,
} from "./schedule-fixture.ts";

const SECRET = "two-instances-secret";
const RUNS = 100;
const quiet = { warn() {} };

/**
 * Two service instances (two apps, each with its own adapters, caches and queues) share one
 * workbook in the Sheets fake, one data folder and the real relay in workerd, as two Cloud Run
 * instances share Google Sheets, GitHub and the relay. The Sheets API has no conditional write:
 * only the relay's lease keeps the second save from passing the expected-scores check too.
 */
describe("score saves across instances: the relay's lease serialises them per workbook", () => {
  let relay: RunningRelay;
  let fake: SheetsApiFake;
  let dataDir: string;
  const instances: TestApp[] = [];
  const clock = manualClock("2026-11-21T02:00:00Z");

  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [] });
    fake = await startSheetsApiFake({ tokens: ["sa-token"] });
    // A few milliseconds per call, so that the two saves' reads and writes interleave as on a network.
    fake.setLatency(5);
    dataDir = await mkdtemp(join(tmpdir(), "tops-two-instances-"));
    const repository = createDataFolder(dataDir);
    // The fake does not recalculate formulas, so the day publishes SCHEDULE itself.
    const registry = sampleRegistry();
    Object.assign(registry.events["open-2026"].days["open-sat"], { matchesSheetName: "SCHEDULE" });
    for (let i = 0; i < 2; i++) {
      instances.push(
        await startTestApp({
          clock,
          registry,
          repository,
          env: { ARCHIVE_MIN_INTERVAL_MS: "0", LIVE_PUSH_URL: relay.url, LIVE_PUSH_SECRET: SECRET },
          spreadsheets: createGoogleSheets({
            apiUrl: fake.url,
            exportUrl: fake.url,
            fetchTimeoutMs: 10_000,
            accessToken: "sa-token",
            retryDelayMs: 10,
          }),
          liveRelay: createRelayClient({
            baseUrl: relay.url,
            secret: SECRET,
            pushTimeoutMs: 5_000,
            clock,
            logger: quiet,
          }),
        }),
      );
    }
  });
  after(async () => {
    for (const instance of instances) await instance.close();
    await fake.close();
    await relay.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  test(`${RUNS} times, two different scores for the same match at once: one 200, one 409 score_conflict, the winner's values and note in the workbook`, async () => {
    const [a, b] = instances as [TestApp, TestApp];
    const umpires = [
      { instance: a, label: "Umpire A", token: a.scorerToken("open-sat", undefined, { to: "Umpire A" }) },
      { instance: b, label: "Umpire B", token: b.scorerToken("open-sat", undefined, { to: "Umpire B" }) },
    ];
    for (let run = 1; run <= RUNS; run++) {
      fake.setWorkbook(HALL_A, scheduleWorkbook() as never);
      const scores: [number, number][] = [
        [21, run % 20],
        [run % 20, 21],
      ];
      const answers = await Promise.all(
        umpires.map(({ instance, token }, i) =>
          instance.client.request("PUT", scorePath(1), {
            headers: { authorization: `Bearer ${token}` },
            body: scoreBody([null, null], scores[i] as [number, number]),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      assert.deepEqual([...statuses].sort(), [200, 409], `run ${run}: ${statuses.join(", ")}`);
      const winner = statuses.indexOf(200);
      const loser = 1 - winner;
      const conflict = (answers[loser] as (typeof answers)[number]).json();
      assert.equal(conflict.code, "score_conflict");
      const [team1Score, team2Score] = scores[winner] as [number, number];
      assert.deepEqual(conflict.current, { teamCode1: "MS_1", teamCode2: "MS_2", team1Score, team2Score });
      const cells = [TEAM1_SCORE, TEAM2_SCORE].map((column) => fake.cell(HALL_A, "SCHEDULE", 1, column));
      assert.deepEqual(
        cells.map((cell) => cell?.value),
        [team1Score, team2Score],
      );
      for (const cell of cells) assert.match(String(cell?.note), new RegExp(`^${umpires[winner]?.label} · `));
    }
  });
});

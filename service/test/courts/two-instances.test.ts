import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { type RunningRelay, startRelay } from "../../../relay/test/helpers.ts";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { createRelayClient } from "../../src/adapters/relay-client/index.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { HALL_A, scheduleWorkbook } from "../scores/schedule-fixture.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { SPREADSHEET_BACKENDS, type SpreadsheetBackend } from "../support/backends.ts";
import { sampleRegistry } from "../support/registry-fixture.ts";
import { callRows, matchPath } from "./courts-fixture.ts";

const SECRET = "two-instances-calls-secret";
const RUNS = 20;
const quiet = { warn() {} };

/**
 * Two service instances (each its own app, caches and queues) share one set of workbooks, one data
 * folder and the real relay in workerd, as two Cloud Run instances do. The Sheets API has no
 * conditional write: only the relay's lease, the one score saves hold, keeps the second call from
 * reading the tab before the first one's row is in it.
 */
describe("calls across instances: the relay's lease refuses a busy court whichever instance asks", () => {
  let relay: RunningRelay;
  let dataDir: string;
  const clock = manualClock("2026-11-21T02:00:00Z");

  before(async () => {
    relay = await startRelay({ secret: SECRET, allowedOrigins: [] });
    dataDir = await mkdtemp(join(tmpdir(), "tops-two-instances-calls-"));
  });
  after(async () => {
    await relay.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const makeBackend of SPREADSHEET_BACKENDS) {
    describe(`over ${makeBackend.name}`, () => {
      let backend: SpreadsheetBackend;
      const instances: TestApp[] = [];
      before(async () => {
        backend = await makeBackend.start({ latencyMs: 5 });
        const registry = sampleRegistry();
        // The fake does not recalculate formulas, so over it the day publishes SCHEDULE itself.
        if (backend.fake)
          Object.assign(registry.events["open-2026"].days["open-sat"], { matchesSheetName: "SCHEDULE" });
        const repository = createDataFolder(join(dataDir, makeBackend.name));
        for (let i = 0; i < 2; i++) {
          instances.push(
            await startTestApp({
              clock,
              registry,
              repository,
              env: { ARCHIVE_MIN_INTERVAL_MS: "0", LIVE_PUSH_URL: relay.url, LIVE_PUSH_SECRET: SECRET },
              spreadsheets: backend.adapter(),
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
        await backend.close();
      });

      test(`${RUNS} times, two operators call two matches to one court at once from two instances: one 200, one 409 court_busy naming the other, and the tab holds one open call`, async () => {
        const [a, b] = instances as [TestApp, TestApp];
        for (let run = 1; run <= RUNS; run++) {
          await backend.seed(HALL_A, scheduleWorkbook());
          const answers = await Promise.all(
            [
              [a, 6],
              [b, 7],
            ].map(([instance, match]) =>
              (instance as TestApp).client.request("PUT", matchPath(match as number, "call"), {
                headers: { authorization: `Bearer ${(instance as TestApp).operatorToken()}` },
                body: { court: "Court 9" },
              }),
            ),
          );
          const statuses = answers.map((answer) => answer.status);
          assert.deepEqual([...statuses].sort(), [200, 409], `run ${run}: ${statuses.join(", ")}`);
          const winner = statuses.indexOf(200);
          const refused = (answers[1 - winner] as (typeof answers)[number]).json();
          assert.equal(refused.code, "court_busy");
          assert.equal(refused.call.matchNumber, winner === 0 ? 6 : 7);
          const rows = (await callRows(backend))?.slice(1) ?? [];
          assert.deepEqual(
            rows.map((row) => `${row[0]} ${row[1]} ${row[6]}`),
            [`${winner === 0 ? 6 : 7} Court 9 called`],
            `run ${run}`,
          );
        }
      });
    });
  }
});

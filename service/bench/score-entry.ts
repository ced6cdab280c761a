/**
 * Score-entry benchmark (issue 8): with the Sheets API fake adding 150 ms to every call and the
 * real relay worker running in workerd, the time from a score PUT to a WebSocket client holding
 * the new score, as a ratio to the round trips no implementation can avoid, measured in the same
 * run: read SCHEDULE, write the two cells, read the facility's tabs for the sync, push the
 * snapshot and receive it on the socket (goal: ratio at most 1.2). The PUT also takes and gives
 * back the workbook's score lease in the relay, which the baseline leaves out. It stops by itself.
 *
 * Run: node --import tsx service/bench/score-entry.ts
 */
import { performance } from "node:perf_hooks";
import { connect, startRelay } from "../../relay/test/helpers.ts";
import { createRelayClient } from "../src/adapters/relay-client/index.ts";
import { systemClock } from "../src/shared/clock.ts";
import { HALL_A, scheduleWorkbook, scoreBody, scorePath } from "../test/scores/schedule-fixture.ts";
import { startTestApp } from "../test/support/app.ts";
import { SPREADSHEET_BACKENDS } from "../test/support/backends.ts";
import { sampleRegistry } from "../test/support/registry-fixture.ts";

const LATENCY_MS = 150;
const ROUNDS = 8;
const SECRET = "bench-publish-secret";
const ORIGIN = "https://pages.bench";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const scoreLine = (a: number, b: number) => `Hall A,1,C1,MS_1,MS_2,${a},${b}`;

const relay = await startRelay({ secret: SECRET, allowedOrigins: [ORIGIN] });
const backend = await (SPREADSHEET_BACKENDS[1] as (typeof SPREADSHEET_BACKENDS)[number]).start();
const silent = { warn: () => undefined };
const liveRelay = createRelayClient({
  baseUrl: relay.url,
  secret: SECRET,
  pushTimeoutMs: 5_000,
  clock: systemClock,
  logger: silent,
});
// The fake does not recalculate formulas, so the day publishes SCHEDULE itself (a per-day override).
const registry = sampleRegistry();
Object.assign(registry.events["open-2026"].days["open-sat"], { matchesSheetName: "SCHEDULE" });
await backend.seed(HALL_A, scheduleWorkbook());
const t = await startTestApp({
  registry,
  clock: systemClock,
  spreadsheets: backend.spreadsheets,
  liveRelay,
  env: { ARCHIVE_MIN_INTERVAL_MS: "0", LIVE_PUSH_URL: relay.url, LIVE_PUSH_SECRET: SECRET },
});
const socket = await connect(relay.url, "/live/open-2026/open-sat", ORIGIN);

/** Waits for the first socket message that contains `text`. */
async function received(text: string): Promise<void> {
  for (;;) if ((await socket.next()).includes(text)) return;
}

try {
  let current: [number | null, number | null] = [null, null];
  const save = async (scores: [number, number]) => {
    const res = await t.client.request("PUT", scorePath(1), {
      headers: { authorization: `Bearer ${t.operatorToken()}` },
      body: scoreBody(current, scores),
    });
    if (res.status !== 200) throw new Error(`score PUT answered ${res.status}: ${res.text}`);
    current = scores;
  };
  // Warm-up without latency: token, registry, tab ids and the day's first snapshot.
  await save([0, 0]);
  await received(scoreLine(0, 0));
  backend.fake!.setLatency(LATENCY_MS);

  const scoreTimes: number[] = [];
  const baseTimes: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const scores: [number, number] = [round, 21];
    let started = performance.now();
    const arrived = received(scoreLine(...scores));
    await save(scores);
    await arrived;
    scoreTimes.push(performance.now() - started);

    // The unavoidable round trips, one after another, through the same adapters and relay.
    const { spreadsheets } = t.services;
    started = performance.now();
    const schedule = await spreadsheets.readTabForUpdate(HALL_A, "SCHEDULE");
    if (!schedule) throw new Error("the bench workbook has no SCHEDULE tab");
    await spreadsheets.writeCellsWithNotes(HALL_A, schedule.tab, [
      { row: 1, column: 4, value: scores[0], note: "bench" },
      { row: 1, column: 5, value: scores[1], note: "bench" },
    ]);
    await spreadsheets.readTabs(HALL_A, ["SCHEDULE", "STANDINGSCSV"], "formatted");
    const marker = `baseline-${round}`;
    const pushed = received(marker);
    await liveRelay.publish("open-2026", "open-sat", { generatedAt: new Date().toISOString(), marker });
    await pushed;
    baseTimes.push(performance.now() - started);
  }

  const put = median(scoreTimes);
  const base = median(baseTimes);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `score PUT → WebSocket client holds the new score (Sheets fake +${LATENCY_MS} ms per call), ${ROUNDS} rounds:`,
  );
  console.log(`  unavoidable round trips (read SCHEDULE, write cells, read tabs, push)  median ${ms(base)}`);
  console.log(`  score PUT to the socket                                                 median ${ms(put)}`);
  console.log(`  ratio ${(put / base).toFixed(2)}x (goal ≤ 1.2)`);
} finally {
  await socket.close();
  await t.close();
  await backend.close();
  await relay.dispose();
}

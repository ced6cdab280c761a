/**
 * Attendance benchmark (issue 7): the people list of a 600-person tab read from the 10 s cache,
 * p50/p99 over h2c against `GET /ping` measured in the same run, and the cost of one mark in
 * requests made to the Sheets API fake (goal: at most one read and one write).
 *
 * Run: node --import tsx service/bench/attendance.ts
 */
import { performance } from "node:perf_hooks";
import { HEADER, markPath, PEOPLE, startAttendanceApp } from "../test/attendance/harness.ts";
import { SPREADSHEET_BACKENDS as BACKENDS } from "../test/support/backends.ts";

const PEOPLE_COUNT = 600;
const WARMUP = 200;
const ROUNDS = 2_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timeRequests(run: () => Promise<{ status: number }>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await run();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const backend = await (BACKENDS[1] as (typeof BACKENDS)[number]).start();
const rows = Array.from({ length: PEOPLE_COUNT }, (_, i) => [
  `player ${i}`,
  `Player ${i}`,
  `MS_${i}, XD_${i}`,
  "MS, XD",
  i % 3 === 0,
  i % 3 === 0 ? "2026-11-21 09:00" : "",
  false,
  i % 3 === 0 ? "In · Gate 1 · 09:00" : "",
]);
await backend.seed("open-hall-a", { ATTENDANCE: [[...HEADER, "markedBy"], ...rows] });
// The system clock keeps the cached list within its 10 s by re-reading it as a page would.
const t = await startAttendanceApp(backend.adapter(), {
  clock: { now: () => Math.floor(performance.now() / 5_000) * 5_000 },
});
try {
  const ping = await timeRequests(() => t.client.request("GET", "/ping"));
  const list = await timeRequests(() => t.client.request("GET", PEOPLE, { headers: t.operator }));
  const size = (await t.client.request("GET", PEOPLE, { headers: t.operator })).body.length;

  backend.fake!.resetLog();
  const mark = await t.client.request("PUT", markPath("player 1"), {
    headers: t.operator,
    body: { present: true },
  });
  const reads = backend.fake!.count("values:batchGet");
  const writes = backend.fake!.count(":batchUpdate"); // values:batchUpdate and spreadsheets:batchUpdate
  backend.fake!.resetLog();
  await t.client.request("PUT", markPath("player 1"), { headers: t.operator, body: { present: true } });
  const repeatWrites = backend.fake!.count("values:batchUpdate");

  const ms = (n: number) => `${n.toFixed(3)} ms`;
  console.log(`people list, ${PEOPLE_COUNT} people (${size} bytes), cached, over h2c, ${ROUNDS} requests:`);
  console.log(`  GET /ping baseline  p50 ${ms(ping.p50)}  p99 ${ms(ping.p99)}`);
  console.log(`  GET …/people        p50 ${ms(list.p50)}  p99 ${ms(list.p99)}`);
  console.log(
    `  ratio to baseline   p50 ${(list.p50 / ping.p50).toFixed(2)}x  p99 ${(list.p99 / ping.p99).toFixed(2)}x`,
  );
  console.log(
    `mark (status ${mark.status}): ${reads} read(s) and ${writes} write(s) to the Sheets fake (goal ≤ 1 and 1)`,
  );
  console.log(`repeat mark (no change): ${repeatWrites} write(s)`);
} finally {
  await t.close();
  await backend.close();
}

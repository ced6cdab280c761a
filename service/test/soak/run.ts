// `npm run soak`: the long forms. A read-load soak (10 minutes by default, SOAK_MS to change it)
// sampling RSS and heap after every round, with the memory slope printed; the result is kept in
// last-soak.json for `npm run -s reliability-report`.
import { writeFile } from "node:fs/promises";
import { startHostileApp } from "../reliability/support/hostile-app.ts";
import { runReadLoad } from "./load.ts";

const SOAK_MS = Number(process.env.SOAK_MS ?? 600_000);
const ROUND_SECONDS = 10;

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const app = await startHostileApp();
const started = Date.now();
const samples: Array<{
  minute: number;
  rssMb: number;
  heapMb: number;
  perSecond: number;
  p99Ms: number;
  errors: number;
}> = [];
let requests = 0;
try {
  while (Date.now() - started < SOAK_MS) {
    const round = await runReadLoad(ROUND_SECONDS, app);
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    requests += round.requests;
    const sample = {
      minute: Number(((Date.now() - started) / 60_000).toFixed(2)),
      rssMb: Math.round(memory.rss / 1048576),
      heapMb: Math.round(memory.heapUsed / 1048576),
      perSecond: round.perSecond,
      p99Ms: round.p99Ms,
      errors: round.errors,
    };
    samples.push(sample);
    console.log(JSON.stringify(sample));
  }
} finally {
  await app.dispose();
}
// The first round warms caches and the JIT; the slope is taken over the rest.
const steady = samples.slice(1);
const heapSlope = slope(steady.map((s) => [s.minute, s.heapMb]));
const rssSlope = slope(steady.map((s) => [s.minute, s.rssMb]));
const summary = {
  at: new Date().toISOString(),
  minutes: Number(((Date.now() - started) / 60_000).toFixed(1)),
  requests,
  errors: samples.reduce((n, s) => n + s.errors, 0),
  heapSlopeMbPerMin: Number(heapSlope.toFixed(3)),
  rssSlopeMbPerMin: Number(rssSlope.toFixed(3)),
  heapMb: {
    first: steady[0]?.heapMb,
    last: steady.at(-1)?.heapMb,
    max: Math.max(...steady.map((s) => s.heapMb)),
  },
  rssMb: {
    first: steady[0]?.rssMb,
    last: steady.at(-1)?.rssMb,
    max: Math.max(...steady.map((s) => s.rssMb)),
  },
  samples,
};
await writeFile(new URL("./last-soak.json", import.meta.url), `${JSON.stringify(summary, null, 2)}\n`);
console.log(`soak: ${summary.minutes} min, ${requests} requests, ${summary.errors} errors`);
console.log(`memory slope: heap ${summary.heapSlopeMbPerMin} MB/min, RSS ${summary.rssSlopeMbPerMin} MB/min`);

// Benchmark (issue 16): GET /ping latency over h2c while hostile callers attack the real service,
// each beside the idle figure measured in the same run: (a) six 5 MiB row-bomb uploads at a time,
// (b) 200 parallel wrong sign-ins from one address (production scrypt cost), then 200 more from
// that address once it is throttled (issue 24: refused before the body is read), (c) 30 NDJSON
// jobs of 10,000 matches, all cancelled by their clients within 3.6 s. Also the CPU seconds the
// service spends in each phase, its RSS growth and the CPU it spends after the last cancellation.
// Goals: p99 under attack ≤ 5 × idle p99 and < 50 ms (the sign-in floods: ≤ max(50 ms, 5 × idle),
// issue 24); RSS growth ≤ 150 MB; CPU after cancellation < 1 s.
// Usage: node --import tsx service/bench/hostile.ts [--json]   (--json: one JSON line for the report)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { hashPassword } from "../src/auth/password.ts";
import { largeMatchesCsv, scoresheetForm, sendAlone } from "../test/reliability/support/attack-client.ts";
import { h2c } from "../test/support/h2c.ts";
import { startChild } from "./support/child.ts";

const json = process.argv.includes("--json");
const say = (line: string) => {
  if (!json) console.log(line);
};

process.env.AUTH_PASSWORD_HASH = await hashPassword("operator", "the-right-password");
process.env.AUTH_TOKEN_SECRET = "hostile-benchmark-token-secret-0123";
const service = await startChild(new URL("./support/serve-app.ts", import.meta.url).pathname);
const pid = service.child.pid!;

/** The service's resident memory (MB) and CPU seconds so far, from /proc (Linux). */
function usage(): { rssMb: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: rssKb / 1024, cpuSeconds: ticks / 100 };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** Pings (4 in flight on one connection) until `done`, returning each latency in ms. */
async function pingUntil(done: () => boolean): Promise<number[]> {
  const pinger = h2c(service.url);
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (!done()) {
        const t0 = performance.now();
        const res = await pinger.request("GET", "/ping");
        if (res.status !== 200) throw new Error(`/ping answered ${res.status}`);
        latencies.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }),
  );
  pinger.close();
  return latencies;
}

/** Runs one attack in its own process; resolves with what it was answered. */
function attack(name: string, seconds = 3): Promise<Record<string, number>> {
  const script = new URL("./support/hostile-attack.ts", import.meta.url).pathname;
  const child = spawn(process.execPath, ["--import", "tsx", script, name, service.url, String(seconds)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}"))
        : reject(new Error(`${name} exited ${code}`)),
    ),
  );
}

interface Phase {
  name: string;
  p50: number;
  p99: number;
  pings: number;
  answered: Record<string, number>;
  peakRssMb: number;
  /** CPU seconds the service spent during the phase (every thread: scrypt runs on libuv's pool). */
  cpuSeconds: number;
  /** The service's own event-loop delay in the phase (p99 and max, ms): a blocked loop, or a busy machine. */
  loopP99Ms: number;
  loopMaxMs: number;
}

/** The service's event-loop delay since the last ask (serve-app.ts answers SIGUSR2). */
function loopDelay(): Promise<{ loopP99Ms: number; loopMaxMs: number }> {
  return new Promise((resolve) => {
    let out = "";
    const read = (chunk: Buffer) => {
      out += chunk;
      if (!out.includes("\n")) return;
      service.child.stdout!.off("data", read);
      resolve(JSON.parse(out.trim()));
    };
    service.child.stdout!.on("data", read);
    service.child.kill("SIGUSR2");
  });
}

async function underAttack(name: string, run: () => Promise<Record<string, number>>): Promise<Phase> {
  let finished = false;
  await loopDelay();
  phasePeakRss = 0;
  const cpuBefore = usage().cpuSeconds;
  const pinging = pingUntil(() => finished);
  const answered = await run();
  finished = true;
  const latencies = await pinging;
  const loop = await loopDelay();
  return {
    ...loop,
    cpuSeconds: usage().cpuSeconds - cpuBefore,
    name,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    pings: latencies.length,
    peakRssMb: phasePeakRss,
    answered,
  };
}

let peakRss = 0;
let phasePeakRss = 0;
const sampler = setInterval(() => {
  const { rssMb } = usage();
  peakRss = Math.max(peakRss, rssMb);
  phasePeakRss = Math.max(phasePeakRss, rssMb);
}, 50);
try {
  const warm = performance.now() + 1000;
  await pingUntil(() => performance.now() > warm);
  // One small job first: the render workers start on first use and stay, part of the steady state.
  const small = scoresheetForm(largeMatchesCsv(20));
  const first = await sendAlone(service.url, "/v3/scoresheets", { "content-type": small.type }, small.body);
  if (first.status !== 200) throw new Error(`the warm-up job answered ${first.status}`);
  const start = usage();
  const idleUntil = performance.now() + 3000;
  await loopDelay();
  const idle = await pingUntil(() => performance.now() > idleUntil);
  const idleLoop = await loopDelay();
  const phases: Phase[] = [];
  phases.push(await underAttack("(a) six 5 MiB row bombs at a time, 3 s", () => attack("row-bombs", 3)));
  // The second flood comes from an address the first one got throttled: every sign-in is refused.
  const signInFloods = [
    await underAttack("(b) 200 parallel wrong sign-ins", () => attack("sign-ins")),
    await underAttack("(b') 200 more, the address throttled", () => attack("sign-ins")),
  ];
  phases.push(...signInFloods);
  phases.push(await underAttack("(c) 30 cancelled 10,000-match NDJSON jobs", () => attack("cancelled-jobs")));
  // CPU the service spends once every client has gone: work that should have stopped.
  const cancelled = usage();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const cpuAfterCancel = usage().cpuSeconds - cancelled.cpuSeconds;
  const end = usage();
  const rssGrowth = Math.max(peakRss, end.rssMb) - start.rssMb;
  const idleP50 = percentile(idle, 50);
  const idleP99 = percentile(idle, 99);
  const result = {
    idle: { p50: idleP50, p99: idleP99, pings: idle.length, ...idleLoop },
    phases: phases.map((p) => ({ ...p, ratioP99: p.p99 / idleP99 })),
    rss: { startMb: start.rssMb, peakMb: Math.max(peakRss, end.rssMb), growthMb: rssGrowth },
    cpuAfterCancelSeconds: cpuAfterCancel,
    cpuTotalSeconds: end.cpuSeconds - start.cpuSeconds,
    goals: {
      p99: phases.every((p) => p.p99 <= 5 * idleP99 && p.p99 < 50),
      signInFlood: signInFloods.every((p) => p.p99 <= Math.max(50, 5 * idleP99)),
      rss: rssGrowth <= 150,
      cpuAfterCancel: cpuAfterCancel < 1,
    },
  };
  if (json) console.log(JSON.stringify(result));
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  say(`GET /ping over h2c, 4 in flight, against the service under attack (Node ${process.version})`);
  say(
    `${"idle".padEnd(46)} p50 ${ms(idleP50).padStart(9)}   p99 ${ms(idleP99).padStart(9)}   (${idle.length} pings)   loop delay p99 ${ms(idleLoop.loopP99Ms)} max ${ms(idleLoop.loopMaxMs)}`,
  );
  for (const p of result.phases) {
    say(
      `${p.name.padEnd(46)} p50 ${ms(p.p50).padStart(9)}   p99 ${ms(p.p99).padStart(9)}   p99/idle ${p.ratioP99.toFixed(1)}×   CPU ${p.cpuSeconds.toFixed(2)} s   loop delay p99 ${ms(p.loopP99Ms)} max ${ms(p.loopMaxMs)}   peak RSS ${p.peakRssMb.toFixed(0)} MB   answered ${JSON.stringify(p.answered)}`,
    );
  }
  say(
    `RSS ${start.rssMb.toFixed(0)} MB → peak ${result.rss.peakMb.toFixed(0)} MB: growth ${rssGrowth.toFixed(0)} MB (goal ≤ 150)`,
  );
  say(
    `CPU after the last cancellation (3 s): ${cpuAfterCancel.toFixed(2)} s (goal < 1); whole run ${result.cpuTotalSeconds.toFixed(1)} s`,
  );
  say(
    `goals: p99 ≤ 5 × idle and < 50 ms: ${result.goals.p99 ? "met" : "NOT met"}; sign-in floods p99 ≤ max(50 ms, 5 × idle): ${result.goals.signInFlood ? "met" : "NOT met"}; RSS: ${result.goals.rss ? "met" : "NOT met"}; CPU after cancel: ${result.goals.cpuAfterCancel ? "met" : "NOT met"}`,
  );
} finally {
  clearInterval(sampler);
  await service.stop();
}

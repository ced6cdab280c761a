import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { h2Load } from "../../bench/support/h2-load.ts";
import { hasH2load } from "../../bench/support/h2load-tool.ts";
import { startHostileApp } from "../reliability/support/hostile-app.ts";

/** The mixed read workload: health, the people list, diagnostics and the OpenAPI document. */
export const READ_PATHS = [
  "/ping",
  "/v3/days/open-sat/facilities/Hall%20A/people",
  "/v3/diagnostics/sync",
  "/openapi.json",
];

export interface LoadFigures {
  tool: string;
  seconds: number;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  rssMb: number;
  heapMb: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * Runs the mixed read workload against an app in this process for `seconds` and reports
 * throughput, p50/p99 and the process's memory. Uses h2load when installed, else the in-repo client.
 * @example const figures = await runReadLoad(10);
 */
export async function runReadLoad(
  seconds: number,
  app?: Awaited<ReturnType<typeof startHostileApp>>,
): Promise<LoadFigures> {
  const t = app ?? (await startHostileApp());
  const token = t.operatorToken();
  try {
    let result: Omit<LoadFigures, "rssMb" | "heapMb">;
    if (hasH2load()) {
      const dir = await mkdtemp(join(tmpdir(), "tops-load-"));
      const log = join(dir, "requests.log");
      // spawnSync would block this process, which also serves the app: run h2load asynchronously.
      const child = spawn(
        "h2load",
        [
          "-c",
          "4",
          "-m",
          "8",
          "-D",
          String(seconds),
          "-H",
          `authorization: Bearer ${token}`,
          `--log-file=${log}`,
          ...READ_PATHS.map((p) => `${t.url}${p}`),
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child.stdout.resume();
      child.stderr.resume();
      await new Promise((resolve) => child.on("close", resolve));
      const rows = (await readFile(log, "utf8"))
        .trim()
        .split("\n")
        .map((l) => l.split("\t"));
      await rm(dir, { recursive: true, force: true });
      const times = rows.map((r) => Number(r[2]) / 1000).sort((a, b) => a - b);
      const errors = rows.filter((r) => r[1] !== "200").length;
      result = {
        tool: "h2load (nghttp2-client)",
        seconds,
        requests: rows.length,
        perSecond: Math.round(rows.length / seconds),
        p50Ms: pct(times, 50),
        p99Ms: pct(times, 99),
        errors,
      };
    } else {
      const each = await Promise.all(
        READ_PATHS.map((path) => h2Load(t.url, path, { sessions: 1, streams: 8, seconds })),
      );
      const requests = each.reduce((n, r) => n + r.requests, 0);
      result = {
        tool: "in-repo h2 client (service/bench/support/h2-load.ts)",
        seconds,
        requests,
        perSecond: Math.round(requests / seconds),
        p50Ms: Math.max(...each.map((r) => r.p50Ms)),
        p99Ms: Math.max(...each.map((r) => r.p99Ms)),
        errors: each.reduce((n, r) => n + r.errors, 0),
      };
    }
    const memory = process.memoryUsage();
    return {
      ...result,
      rssMb: Math.round(memory.rss / 1048576),
      heapMb: Math.round(memory.heapUsed / 1048576),
    };
  } finally {
    if (!app) await t.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await runReadLoad(Number(process.env.LOAD_SECONDS ?? 10));
  console.log(JSON.stringify(figures));
}

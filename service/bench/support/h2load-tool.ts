import { spawnSync } from "node:child_process";
import type { LoadResult } from "./h2-load.ts";

/** Whether Debian's h2load (package nghttp2-client) is on this machine. */
export function hasH2load(): boolean {
  return spawnSync("h2load", ["--version"], { encoding: "utf8" }).status === 0;
}

/**
 * Runs h2load (prior-knowledge h2c) for a fixed time against a loopback URL and reads its summary.
 * h2load is written in C, so the client is not the bottleneck as a Node client can be.
 */
export function runH2load(
  url: string,
  options: { clients?: number; streams?: number; seconds?: number } = {},
): LoadResult {
  const { clients = 4, streams = 16, seconds = 3 } = options;
  const result = spawnSync(
    "h2load",
    ["-c", String(clients), "-m", String(streams), "-D", String(seconds), "--warm-up-time=1", url],
    { encoding: "utf8", timeout: (seconds + 30) * 1000 },
  );
  const out = result.stdout;
  const perSecond = Number(/finished in [\d.]+\w+, ([\d.]+) req\/s/.exec(out)?.[1]);
  const done =
    /requests: \d+ total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored/.exec(out);
  // "time for request:  min  max  mean  sd  +/- sd" — h2load gives no percentiles, so p50/p99 come from our client.
  const toMs = (value: string, unit: string) =>
    Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  const mean = /time for request:\s+([\d.]+)(us|ms|s)\s+([\d.]+)(us|ms|s)\s+([\d.]+)(us|ms|s)/.exec(out);
  return {
    requests: Number(done?.[1] ?? 0),
    seconds,
    perSecond,
    p50Ms: mean ? toMs(mean[5]!, mean[6]!) : Number.NaN,
    p99Ms: mean ? toMs(mean[3]!, mean[4]!) : Number.NaN,
    errors: Number(done?.[3] ?? 0) + Number(done?.[4] ?? 0),
  };
}

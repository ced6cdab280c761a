import { connect } from "node:http2";
import { performance } from "node:perf_hooks";

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

/**
 * A small HTTP/2 load client (h2load's model): `sessions` connections, each keeping `streams`
 * requests in flight, for `seconds`. Bounded in time; talks only to the URL given (loopback).
 */
export async function h2Load(
  url: string,
  path: string,
  options: { sessions?: number; streams?: number; seconds?: number } = {},
): Promise<LoadResult> {
  const { sessions = 4, streams = 16, seconds = 3 } = options;
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: sessions }, async () => {
      const session = connect(url);
      session.on("error", () => {});
      const one = () =>
        new Promise<void>((resolve) => {
          const t0 = performance.now();
          const stream = session.request({ ":method": "GET", ":path": path });
          stream.on("response", (headers) => {
            if (headers[":status"] !== 200) errors++;
          });
          stream.on("data", () => {});
          stream.on("end", () => {
            latencies.push(performance.now() - t0);
            resolve();
          });
          stream.on("error", () => {
            errors++;
            resolve();
          });
          stream.end();
        });
      await Promise.all(
        Array.from({ length: streams }, async () => {
          while (performance.now() < deadline) await one();
        }),
      );
      session.close();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
  };
}

import { performance } from "node:perf_hooks";
import { h2c } from "../../test/support/h2c.ts";
import { startChild } from "./child.ts";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

function matchesCsv(count: number): string {
  const header = "matchNumber,date,time,court,category,round,teamCode1,team1,teamCode2,team2,referee";
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `${i + 1},2026-11-22,09:30,${(i % 8) + 1},Mixed Doubles Open,Round of 32,XD_${i},José Núñez / Zoë Ñiño,XD_${i + 1},Maximiliano Fernández-Castellanos / Bo Lim,Referee ${i % 12}`,
  );
  return [header, ...rows].join("\r\n");
}

function multipart(csv: string): { body: Buffer; type: string } {
  const boundary = "----bench-boundary";
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nstandard\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="matches.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n` +
      `--${boundary}--\r\n`,
  );
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * `GET /ping` latency over h2c against the real service while it renders 5,000-sheet jobs (the
 * render runs in worker threads), beside the same ping load with no job, in the same run.
 */
export async function pingWhileRendering(jobs = 5, sheets = 5000) {
  const service = await startChild(new URL("./serve-app.ts", import.meta.url).pathname);
  const pinger = h2c(service.url);
  const uploader = h2c(service.url);
  const form = multipart(matchesCsv(sheets));
  const pingUntil = async (done: () => boolean) => {
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!done()) {
          const t0 = performance.now();
          await pinger.request("GET", "/ping");
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return latencies;
  };
  try {
    await uploader.request("POST", "/v3/scoresheets", {
      body: form.body,
      headers: { "content-type": form.type },
    });
    const during: number[] = [];
    let renderMs = 0;
    for (let job = 0; job < jobs; job++) {
      let finished = false;
      const t0 = performance.now();
      const upload = uploader
        .request("POST", "/v3/scoresheets", { body: form.body, headers: { "content-type": form.type } })
        .then((res) => {
          if (res.status !== 200)
            throw new Error(`scoresheets answered ${res.status}: ${res.text.slice(0, 200)}`);
          renderMs += performance.now() - t0;
          finished = true;
        });
      during.push(...(await pingUntil(() => finished)));
      await upload;
    }
    const quietUntil = performance.now() + renderMs;
    const quiet = await pingUntil(() => performance.now() >= quietUntil);
    return {
      jobs,
      sheets,
      renderMs: renderMs / jobs,
      during: { count: during.length, p50: percentile(during, 50), p99: percentile(during, 99) },
      quiet: { count: quiet.length, p50: percentile(quiet, 50), p99: percentile(quiet, 99) },
    };
  } finally {
    pinger.close();
    uploader.close();
    await service.stop();
  }
}

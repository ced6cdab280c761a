/**
 * Sync benchmark (`npm run bench -- sync`, or `node --import tsx service/bench/sync.ts`); stops by itself.
 * 1. Live latency: Sheets API fake +150 ms per call, GitHub +100 ms per read and +400 ms per write,
 *    the real relay in Miniflare and a `ws` client; a day of 8 facilities of 300 matches. Time from
 *    a facility sync request to the client holding the new snapshot, as a ratio to one Sheets round
 *    trip plus one push measured in the same run (goal ≤ 1.15).
 * 2. CPU: the service's own CPU time per facility sync of 300 matches with no injected latency
 *    (in-memory ports; goal < 5 ms), beside a baseline: serializing that day snapshot once.
 */
import { connect, startRelay } from "../../relay/test/helpers.ts";
import { createGitHubContents } from "../src/adapters/github-contents/index.ts";
import { createGoogleSheets } from "../src/adapters/google-sheets/index.ts";
import { createRelayClient } from "../src/adapters/relay-client/index.ts";
import { buildApp, servicesOf } from "../src/app.ts";
import { parseEnvironment } from "../src/config/environment.ts";
import type { DataRepository, StoredFile } from "../src/ports/data-repository.ts";
import type { Spreadsheets } from "../src/ports/spreadsheet.ts";
import { REGISTRY_PATH } from "../src/registry/store.ts";
import { systemClock } from "../src/shared/clock.ts";
import { gitBlobSha } from "../src/shared/git-blob.ts";
import { startGitHubApiFake } from "../test/fakes/github-api-fake.ts";
import { startSheetsApiFake } from "../test/fakes/sheets-api-fake.ts";
import { h2c } from "../test/support/h2c.ts";
import { sampleRegistry } from "../test/support/registry-fixture.ts";
import { matchRows, standingsRows } from "../test/sync/support-rows.ts";

const FACILITIES = 8;
const MATCHES = 300;
const ROUNDS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function registry() {
  const file = sampleRegistry();
  const day = file.events["open-2026"].days["open-sat"];
  day.facilities = Array.from({ length: FACILITIES }, (_, i) => ({
    name: `Hall ${i + 1}`,
    sheetId: `bench-${i + 1}`,
  }));
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The repository adapter with GitHub's latency added: +100 ms per read, +400 ms per write. */
function slowed(repository: DataRepository): DataRepository {
  return {
    read: async (path) => {
      await sleep(100);
      return repository.read(path);
    },
    write: async (...args) => {
      await sleep(400);
      return repository.write(...args);
    },
  };
}

async function liveLatency() {
  const sheets = await startSheetsApiFake({ tokens: ["t"] });
  const github = await startGitHubApiFake({ repo: "acme/data", token: "g" });
  const relay = await startRelay({ secret: "bench-secret", allowedOrigins: ["https://pages.test"] });
  github.setFile(REGISTRY_PATH, registry());
  for (let i = 1; i <= FACILITIES; i++)
    sheets.setWorkbook(`bench-${i}`, {
      CSV: matchRows(`H${i}`, MATCHES, 0),
      STANDINGSCSV: standingsRows(`H${i}`),
    });
  sheets.setLatency(150);
  const { config } = parseEnvironment({
    SYNC_SHARED_SECRET: "s",
    DATA_BACKEND: "github",
    DATA_REPO: "acme/data",
    GITHUB_API_URL: github.url,
  });
  if (!config) throw new Error("config");
  const spreadsheets = createGoogleSheets({
    apiUrl: sheets.url,
    exportUrl: sheets.url,
    fetchTimeoutMs: 10_000,
    accessToken: "t",
  });
  const liveRelay = createRelayClient({
    baseUrl: relay.url,
    secret: "bench-secret",
    pushTimeoutMs: 5_000,
    clock: systemClock,
    logger: { warn() {} },
  });
  const repository = slowed(
    createGitHubContents({ repo: "acme/data", branch: "main", token: "g", apiUrl: github.url }),
  );
  const app = await buildApp({ config, spreadsheets, repository, liveRelay });
  servicesOf(app).afterFacilitySync.length = 0;
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const client = h2c(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
  const page = await connect(relay.url, "/live/open-2026/open-sat", "https://pages.test");
  const headers = { "x-sync-secret": "s" };
  const warm = await client.request("POST", "/v3/days/open-sat/syncs", { headers });
  if (warm.status !== 200) throw new Error(`warm-up sync failed: ${warm.text}`);
  const snapshot = warm.json().snapshot;
  await page.next();

  const syncToPage: number[] = [];
  const baseline: number[] = [];
  const responses: Promise<unknown>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const facility = `Hall ${(round % FACILITIES) + 1}`;
    sheets.setWorkbook(`bench-${(round % FACILITIES) + 1}`, {
      CSV: matchRows(facility, MATCHES, round),
      STANDINGSCSV: standingsRows(facility),
    });
    const started = performance.now();
    responses.push(
      client.request("POST", `/v3/days/open-sat/facilities/${encodeURIComponent(facility)}/syncs`, {
        headers,
        body: {},
      }),
    );
    for (;;) {
      const received = JSON.parse(await page.next());
      const entry = received.facilities.find((f: { name: string }) => f.name === facility);
      if (entry?.matchesCsv.includes(`,${round},1\n`)) break;
    }
    syncToPage.push(performance.now() - started);
    // Baseline: one Sheets round trip of the same tabs, then one push of a same-sized snapshot to the same page.
    const t0 = performance.now();
    await spreadsheets.readTabs(`bench-${(round % FACILITIES) + 1}`, ["CSV", "STANDINGSCSV"], "formatted");
    await liveRelay.publish("open-2026", "open-sat", { ...snapshot, generatedAt: new Date().toISOString() });
    await page.next();
    baseline.push(performance.now() - t0);
    await sleep(300);
  }
  await Promise.all(responses);
  await page.close();
  client.close();
  await app.close();
  await relay.dispose();
  await sheets.close();
  await github.close();
  return { syncToPage: median(syncToPage), baseline: median(baseline) };
}

/** Ports that answer at once from memory, so only the service's own work is measured. */
function instantPorts(rows: () => ReturnType<typeof matchRows>) {
  const files = new Map<string, StoredFile>();
  files.set(REGISTRY_PATH, { content: registry(), revision: gitBlobSha(registry()) });
  const repository: DataRepository = {
    read: async (path) => files.get(path),
    write: async (path, content) => {
      const revision = gitBlobSha(content);
      files.set(path, { content, revision });
      return { revision };
    },
  };
  const spreadsheets = {
    readTabs: async (_id: string, tabs: readonly string[]) =>
      new Map(tabs.map((t) => [t, t === "CSV" ? rows() : standingsRows("x")])),
  } as unknown as Spreadsheets;
  return { repository, spreadsheets };
}

async function cpuPerSync() {
  let score = 0;
  const { repository, spreadsheets } = instantPorts(() => matchRows("H1", MATCHES, score));
  const { config } = parseEnvironment({ ARCHIVE_MIN_INTERVAL_MS: "0" });
  if (!config) throw new Error("config");
  const app = await buildApp({ config, spreadsheets, repository });
  const services = servicesOf(app);
  services.afterFacilitySync.length = 0;
  const { sync } = services;
  const day = await sync.syncDay("open-sat");
  const N = 200;
  for (let i = 0; i < 20; i++) {
    score++;
    await sync.syncFacility("open-sat", "Hall 1");
  }
  let cpu = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    score++;
    await sync.syncFacility("open-sat", "Hall 1");
  }
  cpu = process.cpuUsage(cpu);
  const perSync = (cpu.user + cpu.system) / 1000 / N;
  let base = process.cpuUsage();
  for (let i = 0; i < N; i++) JSON.parse(JSON.stringify(day.snapshot));
  base = process.cpuUsage(base);
  const perBaseline = (base.user + base.system) / 1000 / N;
  await app.close();
  return { perSync, perBaseline };
}

const live = await liveLatency();
console.log(
  `live latency, sync request → WebSocket client holds the new snapshot (8 facilities × ${MATCHES} matches, median of ${ROUNDS}):`,
);
console.log(`  sync → page            ${live.syncToPage.toFixed(0)} ms`);
console.log(`  baseline: one Sheets round trip + one push  ${live.baseline.toFixed(0)} ms`);
console.log(`  ratio                  ${(live.syncToPage / live.baseline).toFixed(3)}  (goal ≤ 1.15)`);
const cpu = await cpuPerSync();
console.log(
  `service CPU per facility sync of ${MATCHES} matches (no injected latency): ${cpu.perSync.toFixed(2)} ms (goal < 5 ms)`,
);
console.log(
  `  baseline: JSON round trip of the day snapshot (${FACILITIES} × ${MATCHES} matches): ${cpu.perBaseline.toFixed(2)} ms; ratio ${(cpu.perSync / cpu.perBaseline).toFixed(2)}`,
);
process.exit(0);

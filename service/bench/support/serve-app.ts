// Starts the real service app (embedded default adapters over a temp data folder) on a free
// loopback port, logging as `npm run serve` does at the default LOG_LEVEL (to a file in the temp
// folder, since stdout carries the port), and prints the port on stdout. Used by the benchmarks.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pino from "pino";
import { createDataFolder } from "../../src/adapters/data-folder/index.ts";
import { buildApp } from "../../src/app.ts";
import { parseEnvironment } from "../../src/config/environment.ts";
import { createLogger } from "../../src/http/logger.ts";
import { noSpreadsheets } from "../../test/support/app.ts";

const dataDir = mkdtempSync(join(tmpdir(), "tops-bench-"));
// Sign-in is on only when the benchmark passes a hash (the hostile benchmark's wrong sign-ins).
const { config } = parseEnvironment({
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL,
  AUTH_PASSWORD_HASH: process.env.AUTH_PASSWORD_HASH,
  AUTH_TOKEN_SECRET: process.env.AUTH_TOKEN_SECRET,
});
const app = await buildApp({
  config: config!,
  logger: createLogger(config!, pino.destination({ dest: join(dataDir, "service.log"), sync: true })),
  spreadsheets: noSpreadsheets,
  repository: createDataFolder(dataDir),
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));

// The event loop's delay since the last ask (SIGUSR2 answers one JSON line on stdout, then starts
// again): the hostile benchmark tells a blocked loop from a machine too busy to run the process.
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
process.on("SIGUSR2", () => {
  process.stdout.write(
    `${JSON.stringify({ loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 })}\n`,
  );
  loop.reset();
});

// The composition root: environment → typed config → adapters → app → h2c listener.
// `npm run serve` runs this file; so does the Dockerfile.
import { createAdapters } from "./adapters/index.ts";
import { buildApp } from "./app.ts";
import { parseEnvironment, problemsMessage, unsetWarning } from "./config/environment.ts";
import { createLogger } from "./http/logger.ts";

// The startup lines are log lines like every other, with Cloud Logging's severity: a service that
// does not start is CRITICAL, what is unset a WARNING (a severity filter shows both).
const { config, problems, unset } = parseEnvironment(process.env);
if (!config) {
  createLogger({ logLevel: "info" }).fatal({ problems }, problemsMessage(problems));
  process.exit(1);
}
const logger = createLogger(config);
const warning = unsetWarning(unset);
if (warning) logger.warn({ unset }, warning);

const { spreadsheets, dataRepository, accessProbe, liveRelay } = createAdapters(config, { logger });

const app = await buildApp({
  config,
  spreadsheets,
  repository: dataRepository,
  accessProbe,
  liveRelay,
  logger,
});

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "draining in-flight requests, then exiting");
  await app.close();
  process.exit(0);
};
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));

// HOST unset: every interface (Cloud Run, the Dockerfile); `npm start` binds 127.0.0.1 only.
await (config.host !== undefined
  ? app.listen({ port: config.port, host: config.host })
  : app
      .listen({ port: config.port, host: "::" })
      .catch(async () => app.listen({ port: config.port, host: "0.0.0.0" })));

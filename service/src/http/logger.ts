import pino from "pino";
import type { Config } from "../config/environment.ts";

/**
 * The service's logger: JSON lines at `LOG_LEVEL` on stdout (or `destination`), credentials
 * redacted wherever a request's headers would be logged.
 * @example const logger = createLogger(config); // what main.ts and the ping benchmark use
 */
export function createLogger(config: Pick<Config, "logLevel">, destination?: pino.DestinationStream) {
  const options = {
    level: config.logLevel,
    redact: ["req.headers.authorization", 'req.headers["x-sync-secret"]'],
  };
  return destination ? pino(options, destination) : pino(options);
}

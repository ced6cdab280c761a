import pino from "pino";
import type { Config } from "../config/environment.ts";

/** Cloud Logging's `severity` of each pino level (its LogSeverity names). */
const SEVERITY: Record<string, string> = {
  trace: "DEBUG",
  debug: "DEBUG",
  info: "INFO",
  warn: "WARNING",
  error: "ERROR",
  fatal: "CRITICAL",
};

/**
 * The service's logger: JSON lines at `LOG_LEVEL` on stdout (or `destination`), credentials
 * redacted wherever a request's headers would be logged. Each line carries Cloud Logging's
 * `severity` and `message`, so its severity filter and summaries work on Cloud Run, and pino's
 * numeric `level` for everything else that reads the lines.
 * @example const logger = createLogger(config); // {"severity":"WARNING","level":40,"time":…,"message":"registry fetch failed"}
 */
export function createLogger(config: Pick<Config, "logLevel">, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    messageKey: "message",
    formatters: { level: (label, level) => ({ severity: SEVERITY[label] ?? "DEFAULT", level }) },
    redact: ["req.headers.authorization", 'req.headers["x-sync-secret"]'],
  };
  return destination ? pino(options, destination) : pino(options);
}

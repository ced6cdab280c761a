import assert from "node:assert/strict";
import { test } from "node:test";
import { createLogger } from "./logger.ts";

test("log lines carry Cloud Logging's severity and message beside pino's numeric level", () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger(
    { logLevel: "debug" },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  logger.debug("d");
  logger.info({ day: "open-sat" }, "synced");
  logger.warn("w");
  logger.error({ err: new Error("boom") }, "failed");
  logger.fatal("f");
  logger.trace("not at debug level");
  assert.deepEqual(
    lines.map(({ severity, level, message }) => [severity, level, message]),
    [
      ["DEBUG", 20, "d"],
      ["INFO", 30, "synced"],
      ["WARNING", 40, "w"],
      ["ERROR", 50, "failed"],
      ["CRITICAL", 60, "f"],
    ],
  );
  assert.equal(lines[1]?.day, "open-sat");
  assert.equal((lines[3]?.err as { message?: string } | undefined)?.message, "boom");
});

test("credentials in a logged request's headers are redacted", () => {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: "info" }, { write: (line: string) => void lines.push(line) });
  logger.info({ req: { headers: { authorization: "Bearer abc.def", "x-sync-secret": "s3cret" } } }, "r");
  assert.doesNotMatch(lines[0] ?? "", /abc\.def|s3cret/);
  assert.match(lines[0] ?? "", /\[Redacted\]/);
});

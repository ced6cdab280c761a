// The suite's lanes (service/test/README.md, "Lanes"): the fast lane is the units and the route
// tests, in-process, in under a minute; the slow lane is what starts real processes or browsers:
// the stack and Chromium (those files take turns on the run's one stack), LibreOffice, the
// Dockerfile's steps, `npm start`, several service instances, the fault and attack matrices.
import { readFileSync } from "node:fs";

/** Folders (and files) whose tests are in the slow lane, besides the files that use the stack. */
export const SLOW = [
  "service/test/e2e/",
  "service/test/reliability/",
  "service/test/sync/two-instances.test.ts",
  "service/test/scores/two-instances.test.ts",
  "service/test/preflight/",
  "clients/",
  "deploy/test/preflight-command.test.ts",
];

/**
 * Which lane `file` runs in: `stack` (it imports web/test/support/stack.ts or chromium.ts, so it
 * borrows the run's stack and Chromium), `slow`, or `fast`.
 * @param {string} file a path relative to the repository
 * @returns {"stack" | "slow" | "fast"}
 */
export function laneOf(file) {
  const text = readFileSync(file, "utf8");
  if (/support\/(stack|chromium)\.ts"/.test(text)) return "stack";
  return SLOW.some((prefix) => file.startsWith(prefix)) ? "slow" : "fast";
}

// The suite's lanes (service/test/README.md, "Lanes"): the fast lane is the units and the route
// tests, in-process, in under a minute; the slow lane is what starts real processes or browsers:
// the stack and Chromium (those files take turns on the run's two stacks), LibreOffice, the
// Dockerfile's steps, `npm start`, several service instances, the fault and attack matrices.
import { readFileSync, statSync } from "node:fs";

/** Folders (and files) whose tests are in the slow lane, besides the files that use the stack. */
export const SLOW = [
  // Real processes: the service's, workerd's (the relay under Miniflare), the scripts', the deploy's.
  "service/test/e2e/",
  "service/test/http/process.test.ts",
  "service/test/sync/two-instances.test.ts",
  "service/test/scores/two-instances.test.ts",
  "service/test/preflight/",
  "service/scripts/",
  "relay/test/",
  "deploy/test/",
  "clients/",
  // Fault and attack matrices, and simulations of an hour or of hundreds of generated tables.
  "service/test/reliability/",
  "service/test/sync/write-budget.test.ts",
  "service/src/adapters/xlsx-workbooks/fast-criteria.test.ts",
  // Whole PDFs rendered by the worker pool, and read back to pixels for their QR codes.
  "service/src/features/scoresheets/routes.test.ts",
  "service/src/features/scoresheets/qr-code.test.ts",
  "service/src/features/scoresheets/renderer.test.ts",
  "service/src/features/scoresheets/unicode-names.test.ts",
];

/**
 * The slow files that take longest (`--durations`), started first: a long file started last would
 * run alone at the end while a core stands idle.
 */
export const LONGEST_FIRST = [
  "service/test/reliability/faults-",
  "service/test/e2e/walkthrough.test.ts",
  "service/src/adapters/xlsx-workbooks/fast-criteria.test.ts",
  "service/src/features/scoresheets/",
  "service/test/http/process.test.ts",
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

/** Files that keep a process of their own although they keep no top-level hooks or globals. */
const OWN_PROCESS = [
  // The front's bounds count the process's sockets, streams and timers.
  "front/test/",
];

/**
 * Whether `file` (of any lane) may run in one process with others (scripts/test-run/in-one-process.mjs):
 * not when it registers hooks at its top level (they would run around every file's tests) or sets
 * globals there (`process.env`, `globalThis`, `mock`).
 * @param {string} file a path relative to the repository
 */
export function sharesProcess(file) {
  if (OWN_PROCESS.some((prefix) => file.startsWith(prefix))) return false;
  const text = readFileSync(file, "utf8");
  return !/^(before|after|beforeEach|afterEach)\(|^(process\.env|globalThis|mock)\./m.test(text);
}

/**
 * `files`, the largest first: a file's size stands for its time, and the long ones should not start
 * last.
 * @param {string[]} files
 */
export function largestFirst(files) {
  return files
    .map((file) => ({ file, size: statSync(file).size }))
    .sort((a, b) => b.size - a.size)
    .map(({ file }) => file);
}

// Runs the *.test.ts (and *.test.mjs) files under the given folders or files (default: every
// workspace) with Node's own test runner, tsx loading TypeScript; Node 20's --test takes no globs,
// so the files are listed here.
//   --lane fast|slow  only the files of that lane (scripts/test-run/lanes.mjs)
//   --check           the lint and the type check (TypeScript 7's tsc -b) too, beside the tests (`npm test`)
//   --durations       at the end, when each slot ended and the files that took longest
//                     (scripts/test-run/durations.mjs)
// The files run in slots (scripts/test-run/pool.mjs), one file at a time in each, the files that may
// share a process in the slot's worker. Outside a terminal (CI's log, a pipe) the failed tests are
// named again at the very end (scripts/test-run/failures.mjs), where a log's tail shows them.
// The files that use the local stack or Chromium share two stacks and one Chromium for the whole
// run (scripts/test-run/shared.mjs), a slot each, beside the other files; their output, and the
// checks', is printed after the others'. Ends with one line of totals.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { tsImport } from "tsx/esm/api";
import { failuresIn } from "./test-run/failures.mjs";
import { LONGEST_FIRST, laneOf, largestFirst, sharesProcess } from "./test-run/lanes.mjs";
import { runSlots } from "./test-run/pool.mjs";
import { startShared } from "./test-run/shared.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    lane: { type: "string" },
    check: { type: "boolean", default: false },
    durations: { type: "boolean", default: false },
  },
});
if (values.lane !== undefined && values.lane !== "fast" && values.lane !== "slow") {
  console.error(`--lane is fast or slow, not ${values.lane}`);
  process.exit(2);
}
const roots =
  positionals.length > 0 ? positionals : ["service", "relay", "web", "front", "clients", "deploy"];

/** @param {string} dir @returns {string[]} */
function testFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return entry.name.endsWith(".test.ts") || entry.name.endsWith(".test.mjs") ? [path] : [];
  });
}

const files = [
  ...new Set(roots.flatMap((root) => (/\.test\.m?[jt]s$/.test(root) ? [root] : testFiles(root)))),
]
  .sort()
  .map((file) => ({ file, lane: laneOf(file) }))
  .filter(({ lane }) => values.lane === undefined || (values.lane === "fast") === (lane === "fast"));
if (files.length === 0) {
  console.error("no test files found");
  process.exit(1);
}
const onStack = files.filter(({ lane }) => lane === "stack").map(({ file }) => file);
/** @param {string} file */
const job = (file) => ({ file, shares: sharesProcess(file) });
// The slow files' queue starts with the longest (LONGEST_FIRST), so that a long one does not start
// last and run alone at the end; the stack's, with the largest.
const longest = (/** @type {string} */ file) => LONGEST_FIRST.some((prefix) => file.startsWith(prefix));
const slow = files.filter(({ lane }) => lane === "slow").map(({ file }) => file);
const slowQueue = [...slow.filter(longest), ...slow.filter((file) => !longest(file))].map(job);
const fastQueue = files.filter(({ lane }) => lane === "fast").map(({ file }) => job(file));
const stackQueue = largestFirst(onStack).map(job);

// Every stack of the run dates its demo on one weekend that starts a day or more from now, so no
// demo day begins or ends during the run, whatever hour it starts at (service/src/demo/calendar.ts).
/** @type {typeof import("../service/src/demo/calendar.ts")} */
const calendar = await tsImport("../service/src/demo/calendar.ts", import.meta.url);
process.env["TOPS_DEMO_SATURDAY"] ||= calendar.weekendAhead(Date.now()).saturday;
const env = { ...process.env, TZ: process.env["TZ"] ?? "America/New_York" };
const reporter = [
  `--test-reporter=${process.stdout.isTTY ? "spec" : "tap"}`,
  "--test-reporter-destination=stdout",
];
const timings = values.durations ? mkdtempSync(join(tmpdir(), "tops-test-durations-")) : undefined;
const DURATIONS = new URL("./test-run/durations.mjs", import.meta.url).href;

/**
 * Runs `node args` and hands its output to `write` as it comes.
 * @param {string[]} args
 * @param {(text: string) => void} write
 * @returns {Promise<number>} the exit code
 */
function run(args, write) {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env });
  child.stdout.setEncoding("utf8").on("data", write);
  child.stderr.setEncoding("utf8").on("data", write);
  return new Promise((done) => child.once("exit", (code) => done(code ?? 1)));
}

/**
 * A tool of node_modules run with `args`; its output is kept when it fails.
 * @param {string} script the tool's script under node_modules
 * @param {string[]} args
 */
async function check(script, args) {
  let output = "";
  const code = await run([join("node_modules", script), ...args], (text) => {
    output += text;
  });
  return { code, output: code === 0 ? "" : output };
}

const startedAt = Date.now();
const checks = values.check
  ? Promise.all([
      check("@typescript/native/bin/tsc", ["-b"]),
      check("@biomejs/biome/bin/biome", ["check", "."]),
    ])
  : Promise.resolve([]);
const chromium = onStack.some((file) => readFileSync(file, "utf8").includes('support/chromium.ts"'));
// STACKS stacks share one Chromium (the first stack's); each takes the stack's files in turn. They
// start beside the other slots' first files.
const STACKS = 2;
const starting = Array.from({ length: Math.min(STACKS, onStack.length) }, (_, i) =>
  startShared({ chromium: chromium && i === 0 }),
);
const browser = starting[0]?.then((stack) => stack.env["TOPS_SHARED_CHROMIUM"]);
let stacksRunning = starting.length;
/** Stops a stack that started (one that did not has nothing to stop). @param {typeof starting[number] | undefined} stack */
const stopStack = (stack) =>
  stack?.then(
    (started) => started.stop(),
    () => {},
  );
/** What each stack's files printed: shown after the others', as they run beside them. */
const stackOutputs = starting.map(() => "");
// Beside the stacks, four slots when there are slow files (two that take the slow files first,
// two the fast), else two: each worker loads tsx and the service again, so more cost more.
const general = slowQueue.length > 0 ? 4 : 2;
const live = (/** @type {string} */ text) => process.stdout.write(text);
const { outputs, failed, ends } = await runSlots(
  [
    ...starting.map((stack, i) => ({
      name: `stack-${i}`,
      queues: [stackQueue],
      env: Promise.all([stack, browser]).then(([{ env }, chromium]) => ({
        ...env,
        ...(chromium ? { TOPS_SHARED_CHROMIUM: chromium } : {}),
      })),
      write: (/** @type {string} */ text) => {
        stackOutputs[i] += text;
      },
      // A stack stops once its files have run, beside the other slots' last files; the first, which
      // holds the Chromium the others use too, once all have.
      ended: async () => {
        stacksRunning--;
        if (i > 0) await stopStack(stack);
        if (stacksRunning === 0) await stopStack(starting[0]);
      },
    })),
    ...Array.from({ length: general }, (_, i) => ({
      name: i < general / 2 ? `slow-first-${i}` : `fast-first-${i}`,
      queues: i < general / 2 ? [slowQueue, fastQueue] : [fastQueue, slowQueue],
      env: {},
      write: live,
    })),
  ],
  {
    env,
    args: (name) => [
      "--import",
      "tsx",
      ...reporter,
      ...(timings === undefined
        ? []
        : [`--test-reporter=${DURATIONS}`, `--test-reporter-destination=${join(timings, `${name}.txt`)}`]),
    ],
  },
);
// Every stack's slot stopped it as it ended; this only matters if one of those stops threw, and
// stopping a stopped stack does nothing.
await Promise.all(starting.map(stopStack));
const checked = await checks;
const stacks = await Promise.allSettled(starting);
/** The counts a `node --test` run prints last (`# tests 12`, or `ℹ tests 12` from spec). */
const counts = new Map();
for (const output of outputs)
  for (const [, name = "", value] of output.matchAll(
    /^(?:# |ℹ )(tests|pass|fail|cancelled|skipped|todo) (\d+)$/gm,
  ))
    counts.set(name, (counts.get(name) ?? 0) + Number(value));
// The checks' output, then the stacks' (a stack's last lines after its files' when one failed).
for (const { output } of checked) process.stdout.write(output);
for (const [i, output] of stackOutputs.entries()) {
  process.stdout.write(output);
  const stack = stacks[i];
  if (failed.has(`stack-${i}`) && stack?.status === "fulfilled")
    process.stdout.write(stack.value.log(`Stack ${i + 1}`));
}
const code = failed.size > 0 || checked.some((c) => c.code !== 0) ? 1 : 0;
if (timings !== undefined) {
  const lines = readdirSync(timings).flatMap((name) =>
    readFileSync(join(timings, name), "utf8").split("\n").filter(Boolean),
  );
  const slowest = lines
    .map((line) => ({ ms: Number(line.split(" ")[0]), file: line.slice(line.indexOf(" ") + 1) }))
    .sort((a, b) => b.ms - a.ms);
  process.stdout.write(`\nThe slots: ${ends.join("; ")}.\n`);
  process.stdout.write("\nThe files that took longest (their tests' own time):\n");
  for (const { ms, file } of slowest.slice(0, 25))
    process.stdout.write(`${(ms / 1000).toFixed(1).padStart(7)} s  ${relative(process.cwd(), file)}\n`);
  rmSync(timings, { recursive: true, force: true });
}
const failures = outputs.flatMap(failuresIn);
if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.join("\n")}\n`);
const count = (/** @type {string} */ name) => counts.get(name) ?? 0;
process.stdout.write(
  `\n${files.length} files${onStack.length > 0 ? ` (${onStack.length} on ${starting.length} shared stacks)` : ""}${values.check ? ", type check and lint" : ""}: ` +
    `${count("tests")} tests, ${count("pass")} passed, ${count("fail")} failed, ${count("cancelled")} cancelled, ` +
    `${count("skipped")} skipped, in ${((Date.now() - startedAt) / 1000).toFixed(0)} s${code === 0 ? "" : " — FAILED"}\n`,
);
// Exits once the output is written: a pipe read slowly (`| tail`) would otherwise lose its end.
process.stdout.write("", () => process.exit(code));

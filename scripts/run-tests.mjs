// Runs the *.test.ts (and *.test.mjs) files under the given folders or files (default: every
// workspace) with Node's own test runner, tsx loading TypeScript; Node 20's --test takes no globs,
// so the files are listed here.
//   --lane fast|slow  only the files of that lane (scripts/test-run/lanes.mjs)
//   --check           the lint and the type check (TypeScript 7's tsc -b) too, beside the tests (`npm test`)
//   --durations       at the end, when each lane ended and the files that took longest
//                     (scripts/test-run/durations.mjs)
// Outside a terminal (CI's log, a pipe) the failed tests are named again at the very end
// (scripts/test-run/failures.mjs), where a log's tail shows them; in a terminal, each lane's spec
// report ends with its own list.
// The files that use the local stack or Chromium share two stacks and one Chromium for the whole
// run (scripts/test-run/shared.mjs), taking turns on their stack, beside the other files; their
// output, and the checks', is printed after the others'. Ends with one line of totals.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { failuresIn } from "./test-run/failures.mjs";
import { LONGEST_FIRST, laneOf, sharesProcess, spreadOver } from "./test-run/lanes.mjs";
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
// The fast files that may share a process run in SHARED_PROCESSES processes (their groups: several,
// so that one file's waiting overlaps another's work, and few, as each loads tsx and the service
// again); the others each in their own, the slow lane's first, its longest first (LONGEST_FIRST):
// the long ones start early, the short ones fill in at the end.
const together = files
  .filter(({ file, lane }) => lane === "fast" && sharesProcess(file))
  .map(({ file }) => file);
const SHARED_PROCESSES = 2;
const groups = Array.from({ length: SHARED_PROCESSES }, (_, g) =>
  together.filter((_, i) => i % SHARED_PROCESSES === g),
);
const longest = (/** @type {string} */ file) => LONGEST_FIRST.some((prefix) => file.startsWith(prefix));
const beside = [
  ...files.filter(({ file, lane }) => lane === "slow" && longest(file)),
  ...files.filter(({ file, lane }) => lane === "slow" && !longest(file)),
  ...files.filter(({ file, lane }) => lane === "fast" && !together.includes(file)),
].map(({ file }) => file);

const env = { ...process.env, TZ: process.env["TZ"] ?? "America/New_York" };
const reporter = [
  `--test-reporter=${process.stdout.isTTY ? "spec" : "tap"}`,
  "--test-reporter-destination=stdout",
];
const timings = values.durations ? mkdtempSync(join(tmpdir(), "tops-test-durations-")) : undefined;
const DURATIONS = new URL("./test-run/durations.mjs", import.meta.url).href;
const IN_ONE_PROCESS = fileURLToPath(new URL("./test-run/in-one-process.mjs", import.meta.url));

/**
 * Runs `node args` and hands its output to `write` as it comes.
 * @param {string[]} args
 * @param {Record<string, string | undefined>} childEnv
 * @param {(text: string) => void} write
 * @returns {Promise<number>} the exit code
 */
function run(args, childEnv, write) {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: childEnv });
  child.stdout.setEncoding("utf8").on("data", write);
  child.stderr.setEncoding("utf8").on("data", write);
  return new Promise((done) => child.once("exit", (code) => done(code ?? 1)));
}

/** The counts a `node --test` run prints last (`# tests 12`, or `ℹ tests 12` from spec). */
const counts = new Map();
/** @param {string} text */
const countIn = (text) => {
  for (const [, name = "", value] of text.matchAll(
    /^(?:# |ℹ )(tests|pass|fail|cancelled|skipped|todo) (\d+)$/gm,
  ))
    counts.set(name, (counts.get(name) ?? 0) + Number(value));
};
/** @type {string[]} The failed tests of every lane, said again at the very end. */
const failures = [];
/** @type {string[]} When each lane ended (shown with --durations). */
const laneEnds = [];

/**
 * One `node --test` run of `list`, its output collected (and shown at once when `live`).
 * @param {string[]} list
 * @param {number} concurrency
 * @param {Record<string, string>} extraEnv
 * @param {boolean} live
 */
async function lane(list, concurrency, extraEnv, live, name = String(concurrency)) {
  if (list.length === 0) return { code: 0, output: "" };
  let output = "";
  // `concurrency` 0: the files in this one process (in-one-process.mjs), one after another.
  const args =
    concurrency === 0
      ? ["--import", "tsx"]
      : ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, "--test-timeout=120000"];
  if (timings !== undefined)
    args.push(`--test-reporter=${DURATIONS}`, `--test-reporter-destination=${join(timings, `${name}.txt`)}`);
  const files = concurrency === 0 ? [IN_ONE_PROCESS, ...list] : list;
  const code = await run([...args, ...reporter, ...files], { ...env, ...extraEnv }, (text) => {
    output += text;
    if (live) process.stdout.write(text);
  });
  countIn(output);
  failures.push(...failuresIn(output));
  laneEnds.push(`${name} (${list.length} files) ended at ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  return { code, output: live ? "" : output };
}

/**
 * A tool of node_modules run with `args`; its output is kept when it fails.
 * @param {string} script the tool's script under node_modules
 * @param {string[]} args
 */
async function check(script, args) {
  let output = "";
  const code = await run([join("node_modules", script), ...args], env, (text) => {
    output += text;
  });
  return { code, output: code === 0 ? "" : output };
}

const startedAt = Date.now();
const chromium = onStack.some((file) => readFileSync(file, "utf8").includes('support/chromium.ts"'));
// The files on a stack take turns on it; STACKS stacks share one Chromium (the first stack's),
// their files dealt over them by size.
const STACKS = 2;
const stackLists = spreadOver(onStack, STACKS);
const stacks = await Promise.all(stackLists.map((_, i) => startShared({ chromium: chromium && i === 0 })));
const browser = stacks[0]?.env["TOPS_SHARED_CHROMIUM"];
const stackJobs = stackLists.map((list, i) =>
  lane(
    list,
    1,
    { ...stacks[i]?.env, ...(browser ? { TOPS_SHARED_CHROMIUM: browser } : {}) },
    false,
    `stack-${i}`,
  ),
);
const jobs = await Promise.all([
  ...stackJobs,
  lane(beside, 2, {}, true, "beside"),
  ...groups.map((group, i) => lane(group, 0, {}, false, `together-${i}`)),
  ...(values.check
    ? [check("@typescript/native/bin/tsc", ["-b"]), check("@biomejs/biome/bin/biome", ["check", "."])]
    : []),
]);
await Promise.all(stacks.map((stack) => stack.stop()));
// The stacks' output after the others'; a stack's last lines after its files' output when one failed.
for (const { output } of jobs.slice(stackJobs.length)) process.stdout.write(output);
for (const [i, { code, output }] of jobs.slice(0, stackJobs.length).entries()) {
  process.stdout.write(output);
  if (code !== 0) process.stdout.write(stacks[i]?.log(`Stack ${i + 1}`) ?? "");
}
const code = jobs.find((job) => job.code !== 0)?.code ?? 0;
if (timings !== undefined) {
  const lines = readdirSync(timings).flatMap((name) =>
    readFileSync(join(timings, name), "utf8").split("\n").filter(Boolean),
  );
  const slowest = lines
    .map((line) => ({ ms: Number(line.split(" ")[0]), file: line.slice(line.indexOf(" ") + 1) }))
    .sort((a, b) => b.ms - a.ms);
  process.stdout.write(`\nThe lanes: ${laneEnds.join("; ")}.\n`);
  process.stdout.write("\nThe files that took longest (their tests' own time):\n");
  for (const { ms, file } of slowest.slice(0, 25))
    process.stdout.write(`${(ms / 1000).toFixed(1).padStart(7)} s  ${relative(process.cwd(), file)}\n`);
  rmSync(timings, { recursive: true, force: true });
}
if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.join("\n")}\n`);
const count = (/** @type {string} */ name) => counts.get(name) ?? 0;
process.stdout.write(
  `\n${files.length} files${onStack.length > 0 ? ` (${onStack.length} on ${stacks.length} shared stacks)` : ""}${values.check ? ", type check and lint" : ""}: ` +
    `${count("tests")} tests, ${count("pass")} passed, ${count("fail")} failed, ${count("cancelled")} cancelled, ` +
    `${count("skipped")} skipped, in ${((Date.now() - startedAt) / 1000).toFixed(0)} s${code === 0 ? "" : " — FAILED"}\n`,
);
// Exits once the output is written: a pipe read slowly (`| tail`) would otherwise lose its end.
process.stdout.write("", () => process.exit(code));

// Runs the *.test.ts (and *.test.mjs) files under the given folders (default: every workspace)
// with Node's own test runner, tsx loading TypeScript; Node 20's --test takes no globs, so the
// files are listed here. The files that use the local stack or Chromium (they import
// web/test/support/stack.ts or chromium.ts) share one stack and one Chromium for the whole run
// (scripts/test-run/shared.mjs) and run one after another, beside the other files.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startShared } from "./test-run/shared.mjs";

const roots =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ["service", "relay", "web", "front", "clients", "deploy"];

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
].sort();
if (files.length === 0) {
  console.error("no test files found");
  process.exit(1);
}
/** @param {string} file @param {string} support */
const uses = (file, support) => readFileSync(file, "utf8").includes(`support/${support}.ts"`);
/** @param {string} file */
const usesStack = (file) => uses(file, "stack") || uses(file, "chromium");
const stackFiles = files.filter(usesStack);
const otherFiles = files.filter((file) => !usesStack(file));

const env = { ...process.env, TZ: process.env["TZ"] ?? "America/New_York" };
const reporter = process.stdout.isTTY ? ["--test-reporter=spec"] : [];

/**
 * One `node --test` run of `list`; its output goes to `write` as it comes.
 * @param {string[]} list
 * @param {number} concurrency
 * @param {Record<string, string | undefined>} extraEnv
 * @param {(text: string) => void} write
 * @returns {Promise<{ code: number, counts: Map<string, number> }>}
 */
function lane(list, concurrency, extraEnv, write) {
  const counts = new Map();
  if (list.length === 0) return Promise.resolve({ code: 0, counts });
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--test",
      `--test-concurrency=${concurrency}`,
      "--test-timeout=120000",
      ...reporter,
      ...list,
    ],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...env, ...extraEnv } },
  );
  let rest = "";
  const read = (/** @type {string} */ chunk) => {
    write(chunk);
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      const count = /^(?:# |ℹ )(tests|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(line);
      if (count) counts.set(count[1], Number(count[2]));
    }
  };
  child.stdout.setEncoding("utf8").on("data", read);
  child.stderr.setEncoding("utf8").on("data", write);
  return new Promise((done) => child.once("exit", (code) => done({ code: code ?? 1, counts })));
}

const startedAt = Date.now();
const shared =
  stackFiles.length > 0
    ? await startShared({ chromium: stackFiles.some((file) => uses(file, "chromium")) })
    : undefined;
let held = "";
const [stackLane, otherLane] = await Promise.all([
  // One after another: they take turns with the one stack. Their output is shown after the others'.
  lane(stackFiles, 1, shared?.env ?? {}, (text) => {
    held += text;
  }),
  lane(otherFiles, 2, {}, (text) => process.stdout.write(text)),
]);
process.stdout.write(held);
await shared?.stop();

const total = (/** @type {string} */ name) =>
  (stackLane.counts.get(name) ?? 0) + (otherLane.counts.get(name) ?? 0);
process.stdout.write(
  `\n${files.length} files (${stackFiles.length} on the shared stack): ${total("tests")} tests, ` +
    `${total("pass")} passed, ${total("fail")} failed, ${total("cancelled")} cancelled, ` +
    `${total("skipped")} skipped, in ${((Date.now() - startedAt) / 1000).toFixed(0)} s\n`,
);
if (stackLane.code !== 0 && shared) process.stdout.write(shared.log());
process.exit(stackLane.code || otherLane.code);

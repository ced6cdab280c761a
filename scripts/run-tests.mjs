// Runs every *.test.ts of the workspaces with node's own test runner (tsx loads TypeScript).
// Node 20's --test takes no globs, so the files are listed here.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

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

const files = roots.flatMap((root) => (root.endsWith(".ts") ? [root] : testFiles(root))).sort();
if (files.length === 0) {
  console.error("no test files found");
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=2", "--test-timeout=120000", ...files],
  { stdio: "inherit", env: { ...process.env, TZ: process.env.TZ ?? "America/New_York" } },
);
process.exit(result.status ?? 1);

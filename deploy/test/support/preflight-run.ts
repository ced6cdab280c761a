// The preflight run as a person runs it, `npm run preflight -- --service <url>` in a process of
// its own (deploy/src/preflight/main.ts, its exit status the process's), and its printed findings
// read back: for the tests of issue 39's table (preflight-*.test.ts).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { productionRegistry } from "../../../service/test/preflight/harness.ts";
import { SYNC_SECRET, type TestApp } from "../../../service/test/support/app.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** How a child ended: its exit status, what it wrote to each stream, and both together. */
function run(program: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; out: string }>((resolve) => {
    const child = spawn(program, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", TZ: "America/New_York", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let [stdout, stderr] = ["", ""];
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr, out: stdout + stderr }));
  });
}

/** `npm run -s preflight` with `args` and `env` alone (PATH kept), its standard input closed. */
export const npmPreflight = (args: string[], env: Record<string, string>) =>
  run("npm", ["run", "-s", "preflight", "--", ...args], env);

/** What `npm run preflight` runs: package.json's script, the command line of deploy/src/preflight/main.ts. */
const SCRIPT = (
  JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> }
).scripts.preflight as string;

/**
 * `npm run preflight -- --service <app>` with the sync secret: its exit status and what it printed.
 * The script's own command line, run by the shell as npm runs it, without npm's second of start-up
 * (preflight-command.test.ts runs it through npm).
 */
export async function preflight(app: TestApp) {
  const { code, out } = await run("sh", ["-c", `${SCRIPT} "$@"`, "preflight", "--service", app.url], {
    SYNC_SHARED_SECRET: SYNC_SECRET,
  });
  return { code, out };
}

/**
 * A finding as printed: its label, kind and subject on one line, its detail and fix on the next
 * two; the first such, or the first whose detail matches `detail`.
 */
export function printed(
  out: string,
  label: "FAIL" | "LOOK" | "SKIP" | "ok  ",
  check: string,
  subject: string,
  detail?: RegExp,
) {
  const lines = out.split("\n");
  const at = lines.findIndex(
    (line, i) => line === `  ${label}  ${check}  ${subject}` && (!detail || detail.test(lines[i + 1] ?? "")),
  );
  assert.ok(at >= 0, `no "${label} ${check} ${subject}" ${detail ?? ""} in:\n${out}`);
  const fix = lines[at + 2]?.startsWith("        Fix: ") ? lines[at + 2]?.slice(13) : undefined;
  return { detail: lines[at + 1]?.trim() ?? "", fix };
}

export const registryWith = (change: (registry: ReturnType<typeof productionRegistry>) => void) => {
  const registry = productionRegistry();
  change(registry);
  return registry;
};

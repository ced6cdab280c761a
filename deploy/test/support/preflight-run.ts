// The preflight run as a person runs it, `npm run -s preflight -- --service <url>` in a process
// of its own (deploy/src/preflight/main.ts, its exit status the process's), and its printed
// findings read back: for the tests of issue 39's table (preflight-*.test.ts).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { productionRegistry } from "../../../service/test/preflight/harness.ts";
import { SYNC_SECRET, type TestApp } from "../../../service/test/support/app.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * `npm run -s preflight` with `args` and `env` alone (PATH kept), its standard input closed: its
 * exit status, what it wrote to each stream, and both together.
 */
export function npmPreflight(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; out: string }>((resolve) => {
    const child = spawn("npm", ["run", "-s", "preflight", "--", ...args], {
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

/** `npm run preflight -- --service <app>` with the sync secret: its exit status and what it printed. */
export async function preflight(app: TestApp) {
  const { code, out } = await npmPreflight(["--service", app.url], { SYNC_SHARED_SECRET: SYNC_SECRET });
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

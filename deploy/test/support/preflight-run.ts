// The preflight asked as `npm run preflight` asks it (its command, in this process), and its
// printed findings read back: for the tests of issue 39's table (preflight-*.test.ts).
import assert from "node:assert/strict";
import { productionRegistry } from "../../../service/test/preflight/harness.ts";
import { SYNC_SECRET, type TestApp } from "../../../service/test/support/app.ts";
import { preflightCommand } from "../../src/preflight/command.ts";

/** `npm run preflight -- --service <app>` with the sync secret: its exit status and what it printed. */
export async function preflight(app: TestApp) {
  let out = "";
  const code = await preflightCommand({
    args: ["--service", app.url],
    env: { SYNC_SHARED_SECRET: SYNC_SECRET },
    out: (text) => {
      out += text;
    },
    err: (text) => {
      out += text;
    },
    deployedFile: "/nonexistent/deployed.json",
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

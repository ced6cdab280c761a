import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SetupContext } from "../../src/setup/context.ts";
import { runSetup } from "../../src/setup/plan.ts";
import type { Runner } from "../../src/setup/runner.ts";
import { type SetupSettings, setupSettings } from "../../src/setup/settings.ts";
import { summary } from "../../src/setup/summary.ts";
import type { CloudState } from "./fake-cloud.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const PROJECT = "my-club-tournaments";
const FLAGS = {
  project: PROJECT,
  "data-repo": "my-club/tournament-data",
  "pages-url": "https://my-club.github.io/tournament-data",
};
export const PASSWORD = "shuttlecock-feathers-42";
export const GITHUB_TOKEN = "github_pat_test_token";
/** The state of a project the setup completed, as the fake cloud records it. */
export const RECORDED = fileURLToPath(new URL("../fixtures/complete-project.json", import.meta.url));

function settings(flags: Record<string, string>, file: Record<string, unknown>): SetupSettings {
  const parsed = setupSettings({ ...FLAGS, ...flags }, file);
  if ("problems" in parsed) throw new Error(parsed.problems.join("; "));
  return parsed;
}

/** Runs the setup's steps over a runner, as `deploy/setup` does, answering its questions. */
export async function setUp(
  runner: Runner,
  options: {
    dryRun?: boolean;
    version?: string;
    answers?: string[];
    flags?: Record<string, string>;
    /** `deploy/settings.json`, as the command parses it. */
    file?: Record<string, unknown>;
  } = {},
) {
  const answers = [...(options.answers ?? [PASSWORD, PASSWORD])];
  const out: string[] = [];
  const ctx = new SetupContext(settings(options.flags ?? {}, options.file ?? {}), runner, {
    version: options.version ?? "3.4.1",
    dryRun: options.dryRun === true,
    prompt: { hidden: async () => answers.shift() ?? "", close() {} },
    out: (line) => out.push(line),
    env: { DATA_REPO_TOKEN: GITHUB_TOKEN },
    deployed: {},
  });
  await runSetup(ctx);
  out.push(...summary(ctx));
  return { ctx, out, text: out.join("\n") };
}

/**
 * The changes of a run, with the addresses a dry run cannot know as its placeholders, and without
 * the quotes a placeholder's `<` brings.
 */
export const changesOf = (lines: string[]) =>
  lines
    .filter((line) => line.startsWith("  change  "))
    .map((line) =>
      line
        .replaceAll("'", "")
        .replaceAll(
          "https://tournament-ops-relay.my-club.workers.dev",
          "https://tournament-ops-relay.<your-subdomain>.workers.dev",
        )
        .replace(/--api-url=\S+/, "--api-url=<the service>"),
    );

/** Each change matches its pattern, in order, and there are no others. */
export function assertChanges(changes: string[], expected: RegExp[]): void {
  assert.equal(changes.length, expected.length, changes.join("\n"));
  for (const [i, line] of changes.entries()) assert.match(line, expected[i] as RegExp);
}

/** The recorded state of a complete project, to change before a run. */
export const recorded = (): CloudState => JSON.parse(readFileSync(RECORDED, "utf8"));

/** The recorded state with its made-up secret values out, so two runs' states compare. */
export const withoutValues = (state: CloudState) =>
  JSON.parse(
    JSON.stringify(state, (key, value) =>
      key === "values" ? value.length : key === "secret" ? "<set>" : value,
    ),
  );

/** `deploy/setup` as a person runs it, with neither gcloud nor wrangler on the PATH. */
export function setupCommand(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("deploy/setup", args, {
      cwd: ROOT,
      env: { PATH: `${process.execPath.replace(/\/[^/]+$/, "")}:/usr/bin:/bin` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

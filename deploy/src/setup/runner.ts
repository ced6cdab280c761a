import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Command, CommandResult } from "./command.ts";

/**
 * Runs the setup's commands. The steps never spawn anything themselves, so a test replaces the
 * runner with one that answers from a recorded state, and `--dry-run` with one that runs nothing.
 */
export interface Runner {
  /** Reads state (a describe or list command); never changes anything. */
  check(command: Command): Promise<CommandResult>;
  /** Changes state. */
  change(command: Command): Promise<CommandResult>;
}

/**
 * The real runner: spawns each command without a shell from the repository root, feeding its
 * input and its secret file, capturing its output (and showing it too when `stream` is set).
 * @example const runner = processRunner("/path/to/repository");
 */
export function processRunner(root: string): Runner {
  const run = async (command: Command): Promise<CommandResult> => {
    let folder: string | undefined;
    const args = [...command.args];
    if (command.secretFile) {
      folder = await mkdtemp(join(tmpdir(), "setup-"));
      const file = join(folder, "secrets.json");
      await writeFile(file, command.secretFile.content.value, { mode: 0o600 });
      args.push(command.secretFile.flag, file);
    }
    try {
      return await spawned(command, args, root);
    } finally {
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  };
  return { check: run, change: run };
}

function spawned(command: Command, args: string[], root: string): Promise<CommandResult> {
  return new Promise((done) => {
    const env = { ...process.env };
    for (const [name, secret] of Object.entries(command.env ?? {})) env[name] = secret.value;
    const child = spawn(command.program, args, {
      cwd: resolve(root, command.cwd ?? "."),
      env,
      stdio: [command.input ? "pipe" : "ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk;
      if (command.stream) process.stderr.write(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk;
      if (command.stream) process.stderr.write(chunk);
    });
    child.stdin?.end(command.input?.value);
    child.on("error", (error) =>
      done({ code: 127, stdout, stderr: `${stderr}${command.program} could not be run: ${error.message}` }),
    );
    child.on("close", (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * `--dry-run`: runs nothing. Every check answers as a project where nothing exists yet (an empty
 * list), so the steps print the whole sequence a new project needs; every change succeeds.
 */
export const dryRunner: Runner = {
  check: async () => ({ code: 0, stdout: "[]", stderr: "" }),
  change: async () => ({ code: 0, stdout: "", stderr: "" }),
};

import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO = fileURLToPath(new URL("../../../", import.meta.url));

/** A child process whose output is collected line by line, so a test can wait for a line. */
export interface WatchedProcess {
  child: ChildProcess;
  /** Every line printed so far (stdout and stderr). */
  lines: string[];
  /** Resolves with the first line matching `pattern`, or rejects when the process exits first or after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM (then SIGKILL after 15 s) and waits for the exit. */
  stop(): Promise<number | null>;
}

/**
 * Runs `node <args>` in `cwd` (with `env` added to this process's environment) and watches its output.
 * @example const stack = watchProcess(["scripts/start.mjs", "--port", "0"], tmp); await stack.waitFor(/ready/);
 */
export function watchProcess(args: string[], cwd: string, env: Record<string, string> = {}): WatchedProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve(code);
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
      for (const wake of waiters.splice(0)) wake();
    });
  }
  const waitFor = (pattern: RegExp, ms = 90_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no line matching ${pattern} within ${ms} ms:\n${lines.join("\n")}`)),
        ms,
      );
      const check = () => {
        for (const line of lines) {
          const match = pattern.exec(line);
          if (match) {
            clearTimeout(timer);
            return resolve(match);
          }
        }
        if (exitCode !== undefined) {
          clearTimeout(timer);
          return reject(
            new Error(`exited (${exitCode}) before a line matching ${pattern}:\n${lines.join("\n")}`),
          );
        }
        waiters.push(check);
      };
      check();
    });
  const stop = async () => {
    if (exitCode === undefined) {
      child.kill("SIGTERM");
      const late = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(late);
    }
    return exitCode ?? null;
  };
  return { child, lines, waitFor, exited, stop };
}

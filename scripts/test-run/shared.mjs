// The test run's shared stacks and Chromium: started once before the files that use them, their
// addresses passed to the files in the environment (TOPS_SHARED_STACK, TOPS_SHARED_CHROMIUM),
// stopped after. A file run alone (node --import tsx --test <file>) starts its own instead.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const HOST = fileURLToPath(new URL("../../web/test/support/shared-stack/host.ts", import.meta.url));

/**
 * Starts a shared stack's host, with one Chromium when asked.
 * @param {{ chromium: boolean }} needs
 * @returns {Promise<{ env: Record<string, string>, log(name: string): string, stop(): Promise<void> }>}
 */
export async function startShared(needs) {
  const host = spawn(process.execPath, ["--import", "tsx", HOST, ...(needs.chromium ? ["--chromium"] : [])], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  /** @type {string[]} The host's last lines (the service's warnings among them), shown when a file on it fails. */
  const lines = [];
  /** @type {string[]} */
  const ready = await new Promise((done, fail) => {
    let rest = "";
    const read = (/** @type {string} */ chunk) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        if (line.startsWith("ready ")) done(line.split(" ").slice(1));
        else lines.push(line);
        if (lines.length > 200) lines.shift();
      }
    };
    host.stdout.setEncoding("utf8").on("data", read);
    host.stderr.setEncoding("utf8").on("data", read);
    host.once("exit", (code) =>
      fail(new Error(`the shared stack stopped (${code}) before it was ready:\n${lines.join("\n")}`)),
    );
  });
  const [control = "", chromium] = ready;
  /** @type {Record<string, string>} */
  const env = { TOPS_SHARED_STACK: control };
  if (chromium) env["TOPS_SHARED_CHROMIUM"] = chromium;
  return {
    env,
    log: (name) => `\n${name}'s last lines:\n${lines.join("\n")}\n`,
    async stop() {
      if (host.exitCode === null && host.signalCode === null) {
        const exited = new Promise((done) => host.once("exit", done));
        host.kill("SIGTERM");
        await exited;
      }
    },
  };
}

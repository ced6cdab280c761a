import { type ChildProcess, spawn } from "node:child_process";

/** Starts a TypeScript script in its own process and waits for the port it prints. */
export async function startChild(
  script: string,
  args: string[] = [],
): Promise<{ url: string; stop: () => Promise<void>; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.trim().split("\n")[0]!);
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

/**
 * The stack's relay stopped and started again, as a crash and a restart (or a redeploy) do: its
 * workerd is killed, then a new relay starts on the same port, with the same push secret, allowed
 * origins and storage, so the front and the service reach it at the same address as before.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { type RunningRelay, startRelay } from "../../../relay/miniflare/start-relay.ts";
import { ensureLocalSecrets } from "../../../service/src/demo/local-secrets.ts";
import type { Stack } from "./stack.ts";

/** Kills the stack's workerd (a child of the `npm start` process). */
export function stopRelay(stack: Stack): void {
  const workerd = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(stack.pid)], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .find(([, command]) => command === "workerd")?.[0];
  if (workerd === undefined) throw new Error("the stack runs no workerd");
  process.kill(Number(workerd), "SIGKILL");
}

/** Starts the relay again where the stack's was; the caller disposes of it. */
export async function startRelayAgain(stack: Stack): Promise<RunningRelay> {
  const { env } = await ensureLocalSecrets(join(stack.dir, ".env"));
  const port = new URL(stack.front).port;
  return startRelay({
    secret: env["LIVE_PUSH_SECRET"],
    allowedOrigins: ["127.0.0.1", "localhost"].map((host) => `http://${host}:${port}`),
    persistDir: join(stack.dir, "relay"),
    port: Number(new URL(stack.relay).port),
  });
}

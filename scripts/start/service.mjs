// The service as `npm start` runs it: `service/src/main.ts` (the production entry) in a child
// process over h2c on loopback, with the local backends of the stack's folder.
import { spawn } from "node:child_process";
import { connect } from "node:http2";
import { join } from "node:path";

/**
 * Starts the service; its output lines are printed with a `service │` prefix.
 * @param {object} options
 * @param {string} options.repo the repository root
 * @param {number} options.port
 * @param {{ data: string, workbooks: string }} options.paths the stack's folders
 * @param {Record<string, string>} options.secrets the variables of the stack's `.env`
 * @param {string} options.pagesUrl where the scoresheets' QR codes send phones
 * @param {string} options.relayUrl
 * @returns {import("node:child_process").ChildProcess}
 */
export function spawnService({ repo, port, paths, secrets, pagesUrl, relayUrl }) {
  const service = spawn(
    process.execPath,
    ["--import", import.meta.resolve("tsx"), join(repo, "service/src/main.ts")],
    {
      cwd: join(repo, "service"),
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        LOG_LEVEL: process.env["LOG_LEVEL"] ?? "warn",
        ...secrets,
        PORT: String(port),
        // Loopback only, with or without --lan: phones reach the service through the front alone, so
        // the X-Forwarded-For the service trusts (below) can only be the front's.
        HOST: "127.0.0.1",
        SHEETS_BACKEND: "local",
        WORKBOOKS_DIR: paths.workbooks,
        DATA_BACKEND: "local",
        DATA_DIR: paths.data,
        // Scoresheets' QR codes open the score page through the front: with --lan at the address
        // the phones reach, so a printed sheet works on the venue Wi-Fi.
        PAGES_URL: pagesUrl,
        LIVE_PUSH_URL: relayUrl,
        // Browsers reach the service through the front, which adds the caller's address.
        TRUST_PROXY_HOPS: "1",
      },
    },
  );
  for (const stream of [service.stdout, service.stderr]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`service │ ${line}\n`);
    });
  }
  return service;
}

/**
 * GET /ping over h2c until it answers 200 (true), `gaveUp()` says to stop, or 60 s pass (false).
 * @param {string} url
 * @param {() => boolean} gaveUp
 */
export async function waitForService(url, gaveUp) {
  for (let attempt = 0; attempt < 600 && !gaveUp(); attempt++) {
    const status = await new Promise((done) => {
      const session = connect(url);
      session.once("error", () => done(0));
      const request = session.request({ ":path": "/ping" });
      request.once("response", (headers) => done(headers[":status"]));
      request.once("error", () => done(0));
      request.end();
      request.resume();
      request.once("close", () => session.close());
    });
    if (status === 200) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return false;
}

/**
 * Stops the service: SIGTERM, so it drains what is in flight, and SIGKILL after 10 s.
 * @param {import("node:child_process").ChildProcess} service
 * @param {NodeJS.Signals} [signal] SIGKILL to end it without draining
 */
export async function stopService(service, signal = "SIGTERM") {
  if (service.exitCode !== null || service.signalCode !== null) return;
  const exited = new Promise((done) => service.once("exit", done));
  service.kill(signal);
  const late = setTimeout(() => service.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(late);
}

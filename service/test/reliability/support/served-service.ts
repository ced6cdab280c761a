import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../../../scripts/start/free-port.mjs";
import { hashPassword } from "../../../src/auth/password.ts";
import { OPERATOR, SYNC_SECRET, TOKEN_SECRET } from "../../support/app.ts";
import { sampleRegistry } from "../../support/registry-fixture.ts";

const root = new URL("../../../../", import.meta.url).pathname;

/**
 * The service as production runs it: `npm run serve` in its own process (h2c, the password hash at
 * its production cost), one proxy hop trusted as on Cloud Run (`TRUST_PROXY_HOPS=1`, so the client
 * address is the last `X-Forwarded-For` entry), the pages at `pagesUrl`.
 * @example const served = await serveService(); … h2c(served.url) …; await served.close();
 */
export async function serveService(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "tops-served-"));
  mkdirSync(join(dataDir, "config"), { recursive: true });
  writeFileSync(join(dataDir, "config", "events.json"), JSON.stringify(sampleRegistry()));
  const port = await freePort(0);
  const pagesUrl = "https://ops.example.org";
  const child = spawn("npm", ["run", "-s", "serve"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      TRUST_PROXY_HOPS: "1",
      PAGES_URL: pagesUrl,
      AUTH_PASSWORD_HASH: await hashPassword(OPERATOR.username, OPERATOR.password),
      AUTH_TOKEN_SECRET: TOKEN_SECRET,
      SYNC_SHARED_SECRET: SYNC_SECRET,
      ...env,
    },
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const close = () => {
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {}
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await answersPing(url)) return { url, pagesOrigin: pagesUrl, close };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  close();
  throw new Error(`npm run serve did not start: ${stderr}`);
}

function answersPing(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const session = connect(url);
    session.on("error", () => resolve(false));
    const stream = session.request({ ":path": "/ping" });
    stream.on("error", () => resolve(false));
    stream.on("response", (headers) => {
      resolve(headers[":status"] === 200);
      session.close();
    });
    stream.end();
  });
}

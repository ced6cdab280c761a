// `npm start`: the whole system on one laptop, in one process tree. On first run it creates the demo
// tournament and the secrets under ./local/ (never overwriting anything), then starts
//   - a static host serving the data folder over HTTP/1.1 (the static site's stand-in),
//   - the relay worker in workerd through Miniflare (live snapshots and attendance nudges),
//   - the service over h2c (`service/src/main.ts`, the production entry) on the embedded default,
// and prints where everything is. Ctrl+C (or SIGTERM) stops all three.
// Flags: --dir <folder> (default ./local), --port <service> (8080), --relay-port (8787),
// --static-port (8000); a port of 0 takes a free one.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { connect } from "node:http2";
import { createServer } from "node:net";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";
import { startStaticHost } from "./static-host.mjs";

const startedAt = Date.now();
const repo = fileURLToPath(new URL("..", import.meta.url));
const { values: flags } = parseArgs({
  options: {
    dir: { type: "string", default: "local" },
    port: { type: "string", default: "8080" },
    "relay-port": { type: "string", default: "8787" },
    "static-port": { type: "string", default: "8000" },
  },
});

/** @param {string} name @returns {number} */
function portFlag(name) {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    fail(`--${name} must be a port number (0 takes a free one)`);
  return value;
}

/** @param {string} message @returns {never} */
function fail(message) {
  process.stderr.write(`npm start: ${message}\n`);
  process.exit(1);
}

/** A port the service can listen on: the one asked for if free, or any free one for 0. */
function freePort(port) {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.once("error", (error) =>
      reject(
        error.code === "EADDRINUSE" ? new Error(`port ${port} is in use; choose another with --port`) : error,
      ),
    );
    probe.listen(port, () => {
      const chosen = probe.address().port;
      probe.close(() => done(chosen));
    });
  });
}

const dir = resolve(flags.dir);
const shown = (path) => relative(process.cwd(), path) || ".";
const paths = {
  data: join(dir, "data"),
  workbooks: join(dir, "workbooks"),
  relay: join(dir, "relay"),
  secrets: join(dir, ".env"),
  stack: join(dir, "stack.json"),
};
const servicePort = await freePort(portFlag("port")).catch((error) => fail(error.message));
const relayPort = portFlag("relay-port");
const staticPort = portFlag("static-port");

register();
const { createDemoTournament } = await import("../service/src/demo/index.ts");
const { ensureLocalSecrets, LOCAL_OPERATOR } = await import("../service/src/demo/local-secrets.ts");
const { startRelay } = await import("../relay/miniflare/start-relay.ts");

const demo = await createDemoTournament({
  dataDir: paths.data,
  workbooksDir: paths.workbooks,
  now: Date.now(),
});
const secrets = await ensureLocalSecrets(paths.secrets);

const staticHost = await startStaticHost({ root: paths.data, port: staticPort }).catch((error) =>
  fail(
    `the static host cannot listen on ${staticPort} (${error.code ?? error.message}); choose another with --static-port`,
  ),
);
const origins = [staticHost.url, staticHost.url.replace("127.0.0.1", "localhost")];
const relay = await startRelay({
  secret: secrets.env.LIVE_PUSH_SECRET,
  allowedOrigins: origins,
  persistDir: paths.relay,
  port: relayPort,
}).catch(async (error) => {
  await staticHost.close();
  fail(`the relay cannot start on ${relayPort} (${error.message}); choose another port with --relay-port`);
});

const serviceUrl = `http://127.0.0.1:${servicePort}`;
const service = spawn(
  process.execPath,
  ["--import", import.meta.resolve("tsx"), join(repo, "service/src/main.ts")],
  {
    cwd: join(repo, "service"),
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...secrets.env,
      PORT: String(servicePort),
      SHEETS_BACKEND: "local",
      WORKBOOKS_DIR: paths.workbooks,
      DATA_BACKEND: "local",
      DATA_DIR: paths.data,
      DATA_URL: staticHost.url,
      LIVE_PUSH_URL: relay.url,
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

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (service.exitCode === null && service.signalCode === null) {
    const exited = new Promise((done) => service.once("exit", done));
    service.kill("SIGTERM");
    const late = setTimeout(() => service.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(late);
  }
  await Promise.allSettled([relay.dispose(), staticHost.close(), rm(paths.stack, { force: true })]);
  process.exit(code);
}
// Miniflare's own SIGINT/SIGTERM listeners exit at once (its exit hook still stops workerd on any
// exit); they are replaced so that Ctrl+C first lets the service drain. If anything else exits the
// process, the service still gets its SIGTERM.
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
process.once("exit", () => {
  if (service.exitCode === null && service.signalCode === null) service.kill("SIGTERM");
  rmSync(paths.stack, { force: true });
});
process.once("SIGINT", () => void stop(0));
process.once("SIGTERM", () => void stop(0));
service.once("exit", (code, signal) => {
  if (stopping) return;
  process.stderr.write(
    `npm start: the service stopped (${signal ?? `exit code ${code}`}); stopping the stack\n`,
  );
  void stop(1);
});

/** GET /ping over h2c until it answers, or the service gives up. */
async function waitForService() {
  for (let attempt = 0; attempt < 600 && !stopping; attempt++) {
    const status = await new Promise((done) => {
      const session = connect(serviceUrl);
      session.once("error", () => done(0));
      const request = session.request({ ":path": "/ping" });
      request.once("response", (headers) => done(headers[":status"]));
      request.once("error", () => done(0));
      request.end();
      request.resume();
      request.once("close", () => session.close());
    });
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  if (!stopping) {
    process.stderr.write("npm start: the service did not answer /ping within 60 s\n");
    await stop(1);
  }
}
await waitForService();

const stack = {
  service: serviceUrl,
  relay: relay.url,
  static: staticHost.url,
  origin: staticHost.url,
  dir,
  pid: process.pid,
};
await writeFile(paths.stack, `${JSON.stringify(stack, null, 2)}\n`);

const made = [
  demo.registryCreated ? "registry" : undefined,
  demo.workbooksCreated.length > 0 ? `${demo.workbooksCreated.length} workbooks` : undefined,
].filter(Boolean);
const out = [
  "",
  `Tournament operations — local stack ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  made.length > 0
    ? `  demo      created ${made.join(" and ")} (days ${demo.weekend.saturday} and ${demo.weekend.sunday})`
    : "  demo      kept the existing registry and workbooks (nothing is ever overwritten)",
  `  service   ${serviceUrl}   h2c: curl --http2-prior-knowledge ${serviceUrl}/ping`,
  `  relay     ${relay.url}   sockets ${relay.url.replace("http", "ws")}/live/<event>/<day> (workerd)`,
  `  static    ${staticHost.url}   the data folder over HTTP/1.1, e.g. ${staticHost.url}/config/events.json`,
  `  folders   data ${shown(paths.data)}   workbooks ${shown(paths.workbooks)}   secrets ${shown(paths.secrets)}`,
  secrets.password
    ? `  operator  sign in as: ${LOCAL_OPERATOR} / ${secrets.password}   (shown once; only its hash is stored)`
    : `  operator  ${LOCAL_OPERATOR}; the password was shown on the first run (delete ${shown(paths.secrets)} for a new one)`,
  "  Walkthrough: README.md. Ctrl+C stops everything.",
  "",
];
process.stdout.write(out.join("\n"));

// `npm start`: the whole system on one laptop, in one process tree. On first run it creates the demo
// tournament and the secrets under ./local/ (never overwriting anything) and builds the pages when
// they are missing or out of date, then starts
//   - the front (front/, a Fastify app): the one address a browser uses, serving the pages, their
//     config.json and the data folder, and passing /v3, /ping, /openapi.json to the service and
//     the relay's sockets to the relay, with per-client caps and timeouts (`FRONT_*` variables
//     override its bounds, see front/src/settings.ts),
//   - the relay worker in workerd through Miniflare (live snapshots and attendance nudges),
//   - the service over h2c (`service/src/main.ts`, the production entry) on the embedded default,
// and prints where everything is. Ctrl+C (or SIGTERM) stops all three. `npm start -- --help` for the flags.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { connect } from "node:http2";
import { createServer } from "node:net";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { lanAddresses, terminalQr } from "./start/lan.mjs";
import { tryLock } from "./start/lock.mjs";
import { readOptions } from "./start/options.mjs";
import { ensurePages } from "./start/pages.mjs";

const startedAt = Date.now();
const repo = fileURLToPath(new URL("..", import.meta.url));

const read = readOptions(process.argv.slice(2), process.env);
if ("exit" in read) {
  (read.exit === 0 ? process.stdout : process.stderr).write(`${read.text}\n`);
  process.exit(read.exit);
}
const { options } = read;

/** @param {string} message @returns {never} */
function fail(message) {
  process.stderr.write(`npm start: ${message}\n`);
  process.exit(1);
}

/** A port that is free now: the one asked for, or any free one for 0. */
function freePort(port, flag) {
  return new Promise((done) => {
    const probe = createServer();
    probe.once("error", (error) =>
      fail(
        error.code === "EADDRINUSE"
          ? `port ${port} is in use; choose another with --${flag}`
          : `port ${port}: ${error.message}`,
      ),
    );
    probe.listen(port, "127.0.0.1", () => {
      const chosen = probe.address().port;
      probe.close(() => done(chosen));
    });
  });
}

const dir = resolve(options.dir);
const shown = (path) => relative(process.cwd(), path) || ".";
const paths = {
  data: join(dir, "data"),
  workbooks: join(dir, "workbooks"),
  relay: join(dir, "relay"),
  secrets: join(dir, ".env"),
  stack: join(dir, "stack.json"),
  lock: join(dir, "stack.lock"),
};

// One stack per folder: a second one would share its workbooks and, stopping, remove its stack.json.
mkdirSync(dir, { recursive: true });
const lock = tryLock(paths.lock);
if ("heldBy" in lock) {
  let front = "";
  try {
    front = ` (pages at ${JSON.parse(readFileSync(paths.stack, "utf8")).front})`;
  } catch {}
  fail(
    `${shown(dir)} is in use by the stack of process ${lock.heldBy}${front}.\n` +
      `Stop that one first (Ctrl+C in its terminal), or start another stack on another folder: npm start -- --dir ./other`,
  );
}
let service;
process.once("exit", () => {
  if (service && service.exitCode === null && service.signalCode === null) service.kill("SIGTERM");
  rmSync(paths.stack, { force: true });
  lock.release();
});

const pages = await ensurePages(join(repo, "web")).catch((error) =>
  fail(`the pages did not build: ${error.message}`),
);
const frontPort = await freePort(options.frontPort, "front-port");
const servicePort = await freePort(options.port, "port");

register();
const { createDemoTournament } = await import("../service/src/demo/index.ts");
const { ensureLocalSecrets, LOCAL_OPERATOR } = await import("../service/src/demo/local-secrets.ts");
const { startRelay } = await import("../relay/miniflare/start-relay.ts");
const { startFront, frontSettings } = await import("../front/src/index.ts");

const demo = await createDemoTournament({
  dataDir: paths.data,
  workbooksDir: paths.workbooks,
  now: Date.now(),
});
const secrets = await ensureLocalSecrets(paths.secrets);

const lan = options.lan ? lanAddresses() : [];
const frontUrl = `http://127.0.0.1:${frontPort}`;
// The origins a browser's socket may come from: this machine, and with --lan the phones' address for it.
const origins = ["127.0.0.1", "localhost", ...lan].map((host) => `http://${host}:${frontPort}`);
const relay = await startRelay({
  secret: secrets.env.LIVE_PUSH_SECRET,
  allowedOrigins: origins,
  persistDir: paths.relay,
  port: options.relayPort,
}).catch((error) =>
  fail(
    `the relay cannot start on ${options.relayPort} (${error.message}); choose another port with --relay-port`,
  ),
);

const serviceUrl = `http://127.0.0.1:${servicePort}`;
service = spawn(
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
      // Loopback only, with or without --lan: phones reach the service through the front alone, so
      // the X-Forwarded-For the service trusts (below) can only be the front's.
      HOST: "127.0.0.1",
      SHEETS_BACKEND: "local",
      WORKBOOKS_DIR: paths.workbooks,
      DATA_BACKEND: "local",
      DATA_DIR: paths.data,
      // Scoresheets' QR codes open the score page through the front: with --lan at the address
      // the phones reach, so a printed sheet works on the venue Wi-Fi.
      PAGES_URL: lan.length > 0 ? `http://${lan[0]}:${frontPort}` : frontUrl,
      LIVE_PUSH_URL: relay.url,
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

let front;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  // The front's idle sessions to the service close now, so the service drains only what is in flight.
  front?.drain();
  if (service.exitCode === null && service.signalCode === null) {
    const exited = new Promise((done) => service.once("exit", done));
    service.kill("SIGTERM");
    const late = setTimeout(() => service.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(late);
  }
  // A relay whose workerd already died can take long to dispose; the stack stops within 5 s anyway.
  const bounded = new Promise((done) => setTimeout(done, 5_000).unref());
  await Promise.race([Promise.allSettled([relay.dispose(), front?.close()]), bounded]);
  process.exit(code);
}
// Miniflare's own SIGINT/SIGTERM listeners exit at once (its exit hook still stops workerd on any
// exit); they are replaced so that Ctrl+C first lets the service drain.
process.removeAllListeners("SIGINT");
process.removeAllListeners("SIGTERM");
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

let settings;
try {
  settings = frontSettings(process.env);
} catch (error) {
  process.stderr.write(`npm start: ${error.message}\n`);
  await stop(1);
}
front = await startFront({
  settings,
  pagesDir: pages.dist,
  dataDir: paths.data,
  service: serviceUrl,
  relay: relay.url,
  port: frontPort,
  host: options.lan ? "0.0.0.0" : "127.0.0.1",
}).catch(async (error) => {
  process.stderr.write(
    `npm start: the front cannot listen on ${frontPort} (${error.code ?? error.message})\n`,
  );
  await stop(1);
});

const pageList = JSON.parse(readFileSync(join(repo, "web/pages.json"), "utf8"));
const stack = {
  front: frontUrl,
  pages: Object.fromEntries(pageList.map((page) => [page.folder, `${frontUrl}/${page.folder}/`])),
  service: serviceUrl,
  relay: relay.url,
  origin: frontUrl,
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
  `Tournament operations — local stack ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s${pages.built ? " (pages built)" : ""}`,
  ...pageList.map((page) => `  pages     ${stack.pages[page.folder]}   ${page.title}, for ${page.for}`),
  made.length > 0
    ? `  demo      created ${made.join(" and ")} (days ${demo.weekend.saturday} and ${demo.weekend.sunday})`
    : "  demo      kept the existing registry and workbooks (nothing is ever overwritten)",
  `  front     ${frontUrl}   the one address for browsers: pages, data (${frontUrl}/config/events.json), /v3 API, sockets`,
  `  service   ${serviceUrl}   h2c: curl --http2-prior-knowledge ${serviceUrl}/ping`,
  `  relay     ${relay.url}   workerd; sockets ${relay.url.replace("http", "ws")}/live/<event>/<day>`,
  `  folders   data ${shown(paths.data)}   workbooks ${shown(paths.workbooks)}   secrets ${shown(paths.secrets)}`,
  secrets.password
    ? `  operator  sign in as: ${LOCAL_OPERATOR} / ${secrets.password}   (shown once; only its hash is stored)`
    : `  operator  ${LOCAL_OPERATOR}; the password was shown on the first run (delete ${shown(paths.secrets)} for a new one)`,
  ...lanLines(),
  "  Walkthrough: README.md. Ctrl+C stops everything.",
  "",
];
process.stdout.write(out.join("\n"));

/** With --lan: the address for phones on this network, and its QR code. */
function lanLines() {
  if (!options.lan) return [];
  if (lan.length === 0) return ["  LAN       no network address found: phones cannot reach this machine"];
  const url = `http://${lan[0]}:${frontPort}/public/`;
  return [
    `  LAN       ${url}   for phones on this network (scan the code)${lan.length > 1 ? `; also ${lan.slice(1).join(", ")}` : ""}`,
    ...terminalQr(url)
      .split("\n")
      .map((line) => `            ${line}`),
  ];
}

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
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./start/free-port.mjs";
import { lanAddresses, terminalQr } from "./start/lan.mjs";
import { tryLock } from "./start/lock.mjs";
import { readOptions } from "./start/options.mjs";
import { ensurePages } from "./start/pages.mjs";
import { localStack, StackError } from "./start/stack.mjs";

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

/**
 * A port that is free now: the one asked for, or for 0 one below the system's ephemeral ports
 * (`start/free-port.mjs`). @param {number} port @param {string} flag
 */
function freePortFor(port, flag) {
  return freePort(port).catch((error) =>
    fail(
      error.code === "EADDRINUSE"
        ? `port ${port} is in use; choose another with --${flag}`
        : port === 0
          ? `--${flag} 0: ${error.message}; give a port`
          : `port ${port}: ${error.message}`,
    ),
  );
}

const dir = resolve(options.dir);
/** @param {string} path */
const shown = (path) => relative(process.cwd(), path) || ".";
const stackFile = join(dir, "stack.json");

// One stack per folder: a second one would share its workbooks and, stopping, remove its stack.json.
mkdirSync(dir, { recursive: true });
const lock = tryLock(join(dir, "stack.lock"));
if ("heldBy" in lock) {
  let front = "";
  try {
    front = ` (pages at ${JSON.parse(readFileSync(stackFile, "utf8")).front})`;
  } catch {}
  fail(
    `${shown(dir)} is in use by the stack of process ${lock.heldBy}${front}.\n` +
      `Stop that one first (Ctrl+C in its terminal), or start another stack on another folder: npm start -- --dir ./other`,
  );
}
/** @type {ReturnType<typeof localStack> | undefined} */
let running;
process.once("exit", () => {
  running?.kill();
  rmSync(stackFile, { force: true });
  lock.release();
});

const pages = await ensurePages(join(repo, "web")).catch((error) =>
  fail(`the pages did not build: ${error.message}`),
);
const ports = {
  front: await freePortFor(options.frontPort, "front-port"),
  service: await freePortFor(options.port, "port"),
  relay: options.relayPort,
};
const lan = options.lan ? lanAddresses() : [];
const parts = localStack({
  repo,
  dir,
  pagesDir: pages.dist,
  ports,
  lan: options.lan,
  addresses: lan,
  onServiceExit(why) {
    process.stderr.write(`npm start: ${why}\n`);
    void stop(1);
  },
});
running = parts;

/**
 * Stops the stack, letting the service drain, then exits with `code`.
 * @param {number} code
 * @returns {Promise<never>}
 */
async function stop(code) {
  await parts.stop();
  process.exit(code);
}
// Miniflare's own SIGINT/SIGTERM listeners exit at once (its exit hook still stops workerd on any
// exit); they are replaced so that Ctrl+C first lets the service drain.
function onSignals() {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.removeAllListeners(signal);
    process.once(signal, () => void stop(0));
  }
}
onSignals();
const demo = await parts.start({ relayStarted: onSignals }).catch(async (error) => {
  if (!(error instanceof StackError)) throw error;
  process.stderr.write(`npm start: ${error.message}\n`);
  return stop(1);
});
const { frontUrl, serviceUrl, paths, secrets } = parts;
const relayUrl = parts.relayUrl;

/** @type {Array<{ folder: string, title: string, for: string }>} */
const pageList = JSON.parse(readFileSync(join(repo, "web/pages.json"), "utf8"));
const stack = {
  front: frontUrl,
  pages: Object.fromEntries(pageList.map((page) => [page.folder, `${frontUrl}/${page.folder}/`])),
  service: serviceUrl,
  relay: relayUrl,
  origin: frontUrl,
  dir,
  pid: process.pid,
};
await writeFile(stackFile, `${JSON.stringify(stack, null, 2)}\n`);

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
  `  relay     ${relayUrl}   workerd; sockets ${relayUrl.replace("http", "ws")}/live/<event>/<day>`,
  `  folders   data ${shown(paths.data)}   workbooks ${shown(paths.workbooks)}   secrets ${shown(paths.secrets)}`,
  secrets.password
    ? `  operator  sign in as: ${parts.operator} / ${secrets.password}   (shown once; only its hash is stored)`
    : `  operator  ${parts.operator}; the password was shown on the first run (delete ${shown(paths.secrets)} for a new one)`,
  ...lanLines(),
  "  Walkthrough: README.md. Ctrl+C stops everything.",
  "",
];
process.stdout.write(out.join("\n"));

/** With --lan: the address for phones on this network, and its QR code. */
function lanLines() {
  if (!options.lan) return [];
  if (lan.length === 0) return ["  LAN       no network address found: phones cannot reach this machine"];
  const url = `http://${lan[0]}:${ports.front}/public/`;
  return [
    `  LAN       ${url}   for phones on this network (scan the code)${lan.length > 1 ? `; also ${lan.slice(1).join(", ")}` : ""}`,
    ...terminalQr(url)
      .split("\n")
      .map((line) => `            ${line}`),
  ];
}

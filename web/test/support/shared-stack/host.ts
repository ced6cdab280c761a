/**
 * One of the test run's stacks (`scripts/run-tests.mjs` starts this process once per stack): the local stack's
 * parts as `npm start` starts them (scripts/start/stack.mjs), on free ports in a fresh folder, and
 * a loopback control server that lends it to one test file at a time. Before each file after the
 * first, the stack is made as new: the service and the relay are stopped, the folder's workbooks
 * and data are put back as the demo made them, the relay's storage is emptied, and a fresh
 * service and relay start on the same ports (nothing of their memory kept). The front stays, unless
 * the file asks for other bounds (`FRONT_*` variables, as `npm start` reads them): then a front
 * with those starts on the same port, and the next file that asks for none gets the defaults again.
 *
 * With `--chromium` it also starts the run's one Chromium (see chromium.ts). Prints one line,
 * `ready <control address> [<Chromium's address>]`, once all is up; SIGTERM, or the end of its
 * stdin, stops it.
 */
import { rmSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../../../scripts/start/free-port.mjs";
import { ensurePages } from "../../../../scripts/start/pages.mjs";
import { localStack } from "../../../../scripts/start/stack.mjs";
import { REPO } from "../../../../service/test/e2e/processes.ts";
import { launchChromiumServer, withoutChromium } from "../chromium.ts";
import "../demo-weekend.ts";
import type { Lease } from "./lease.ts";

const root = await mkdtemp(join(tmpdir(), "tops-shared-stack-"));
const dir = join(root, "local");
const pristine = join(root, "pristine");
const pages = await ensurePages(join(REPO, "web"));
// The relay too gets its port here, not from the kernel: it starts again on it before each file.
const ports = { front: await freePort(0), service: await freePort(0), relay: await freePort(0) };
const parts = localStack({
  repo: REPO,
  dir,
  pagesDir: pages.dist,
  ports,
  lan: false,
  addresses: [],
  // A test may stop the service; the next file gets a fresh one anyway.
  onServiceExit: (why) => process.stderr.write(`shared stack: ${why}\n`),
});

/** Puts `from`'s data and workbooks in `to`, and empties the relay's storage. */
async function copyFolder(from: string, to: string) {
  for (const folder of ["data", "workbooks"]) {
    await rm(join(to, folder), { recursive: true, force: true });
    await cp(join(from, folder), join(to, folder), { recursive: true });
  }
  await rm(join(dir, "relay"), { recursive: true, force: true });
}

const browser =
  process.argv.includes("--chromium") && !withoutChromium ? await launchChromiumServer() : undefined;

async function stop() {
  await Promise.allSettled([parts.stop(), browser?.close()]);
  process.exit(0);
}
process.once("exit", () => {
  parts.kill();
  rmSync(root, { recursive: true, force: true });
});
/** Stops the stack on SIGTERM, in place of the listeners each new Miniflare adds (which exit at once). */
function ownSignals() {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void stop());
  }
}
/** A fresh service and relay, with `between` run while both are stopped. */
async function restart(between: () => Promise<void>) {
  await parts.restartBackends(between);
  ownSignals();
}

ownSignals();
// The runner holds this process's stdin: should the runner die, its end stops the stack.
process.stdin.resume();
process.stdin.once("close", () => void stop());
// The folder as a new stack's service first finds it: the demo and the secrets, nothing else yet.
await parts.start({ folderReady: () => copyFolder(dir, pristine), relayStarted: ownSignals });
const password = parts.secrets.password as string;

const front = parts.frontUrl;
const pageList = JSON.parse(await readFile(join(REPO, "web/pages.json"), "utf8")) as Array<{
  folder: string;
}>;
const stack = {
  front,
  pages: Object.fromEntries(pageList.map((page) => [page.folder, `${front}/${page.folder}/`])),
  service: parts.serviceUrl,
  relay: parts.relayUrl as string,
  origin: front,
  dir,
  pid: process.pid,
};
await writeFile(join(dir, "stack.json"), `${JSON.stringify(stack, null, 2)}\n`);

/** A file waiting for the stack, with the front's bounds it asked for. */
interface Asking {
  response: ServerResponse;
  front: Record<string, string>;
}
/** Files waiting for the stack, in the order they asked. */
const waiting: Asking[] = [];
let lent: ServerResponse | undefined;
let used = false;
/** The bounds the running front was started with, as the variables that set them. */
let frontBounds = "{}";

/** The front with `front`'s bounds over the defaults, started again only if it has others now. */
async function frontWith(front: Record<string, string>) {
  const bounds = JSON.stringify(Object.fromEntries(Object.entries(front).sort()));
  if (bounds === frontBounds) return;
  await parts.restartFront({ ...process.env, ...front });
  frontBounds = bounds;
}

async function lendNext() {
  if (lent !== undefined) return;
  const asking = waiting.shift();
  if (asking === undefined) return;
  const next = asking.response;
  lent = next;
  next.once("close", () => {
    if (lent === next) lent = undefined;
    void lendNext();
  });
  try {
    const began = Date.now();
    if (used) await restart(() => copyFolder(pristine, dir));
    await frontWith(asking.front);
    process.stderr.write(`shared stack: made new in ${Date.now() - began} ms\n`);
    used = true;
    const lease: Lease = { stack, password };
    next.writeHead(200, { "content-type": "application/x-ndjson" });
    next.write(`${JSON.stringify(lease)}\n`);
  } catch (error) {
    next.writeHead(500).end(`the shared stack could not be made new: ${(error as Error).message}`);
  }
}

const control = createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/lease") return void response.writeHead(404).end();
  // Held open for as long as the file keeps the stack: the file's end (or crash) closes it.
  request.socket.setTimeout(0);
  let body = "";
  request.setEncoding("utf8").on("data", (chunk: string) => {
    body += chunk;
  });
  request.once("end", () => {
    let front: Record<string, string>;
    try {
      front = (JSON.parse(body || "{}") as { front?: Record<string, string> }).front ?? {};
    } catch {
      return void response.writeHead(400).end("the lease's body is not JSON");
    }
    const asking = { response, front };
    waiting.push(asking);
    response.once("close", () => {
      const index = waiting.indexOf(asking);
      if (index >= 0) waiting.splice(index, 1);
    });
    void lendNext();
  });
});
control.requestTimeout = 0;
control.listen(0, "127.0.0.1", () => {
  const address = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  process.stdout.write(`ready ${address}${browser ? ` ${browser.wsEndpoint()}` : ""}\n`);
});

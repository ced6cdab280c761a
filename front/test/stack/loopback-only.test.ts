// Issue 24, H1: nothing of the stack listens on the network but the front, and the front only with
// `--lan`. Tried from this machine's own non-loopback address, as another machine on the hall's
// Wi-Fi would reach it, against the stack exactly as `npm start` starts it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { after, before, describe, test } from "node:test";
import { type RunningStack, startStack } from "../../../web/test/support/stack.ts";
import { call, venueRow } from "../support/wire.ts";

/** This machine's first non-loopback IPv4 address, as `--lan` prints it. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && !address.internal && address.family === "IPv4")?.address;
const skip =
  lanAddress === undefined
    ? "this machine has no non-loopback IPv4 address (os.networkInterfaces()): connect it to a network, or add one (ip addr add 192.0.2.2/24 dev <interface>), to try the stack from outside loopback"
    : false;

/** `open` when a TCP connection to `host:port` is accepted, else the error's code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once("connect", () => {
      socket.destroy();
      done("open");
    });
    socket.once("timeout", () => {
      socket.destroy();
      done("timeout");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code ?? "error"));
  });
}

/** The process and every process under it (the service, workerd). */
function processTree(pid: number): number[] {
  const children = (parent: number): number[] => {
    let text = "";
    try {
      text = readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8");
    } catch {
      return [];
    }
    return text
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
      .flatMap((child) => [child, ...children(child)]);
  };
  return [pid, ...children(pid)];
}

/** The addresses the stack's processes listen on (from `ss -ltnp`), e.g. `127.0.0.1:43097`. */
function listeners(pid: number): string[] | undefined {
  let text: string;
  try {
    text = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  } catch {
    return undefined;
  }
  const pids = new Set(processTree(pid));
  return text
    .split("\n")
    .filter((line) => [...line.matchAll(/pid=(\d+)/g)].some((match) => pids.has(Number(match[1]))))
    .map((line) => line.trim().split(/\s+/)[3] ?? "");
}

const loopback = (address: string) => /^(127\.|\[::1\]|::1)/.test(address);

for (const lan of [false, true]) {
  describe(`H1: ${lan ? "with --lan, the front alone" : "without --lan, nothing"} is reachable from ${lanAddress ?? "the network"}`, () => {
    let run: RunningStack;
    before(async () => {
      if (skip === false) run = await startStack({ args: lan ? ["--lan"] : [] });
    });
    after(() => run?.stop());

    test("front, service and relay tried from the machine's non-loopback address; every listener checked", {
      skip,
    }, async () => {
      const host = lanAddress as string;
      const ports = {
        front: Number(new URL(run.stack.front).port),
        service: Number(new URL(run.stack.service).port),
        relay: Number(new URL(run.stack.relay).port),
      };
      const reached = {
        front: await tryConnect(host, ports.front),
        service: await tryConnect(host, ports.service),
        relay: await tryConnect(host, ports.relay),
      };
      const page = lan ? await call(`http://${host}:${ports.front}/public/`) : undefined;
      const open = listeners(run.stack.pid);
      const exposed = (open ?? []).filter((address) => !loopback(address));
      const allowed = lan
        ? exposed.every((address) => address.endsWith(`:${ports.front}`))
        : exposed.length === 0;
      venueRow(
        "H1",
        `${lan ? "npm start -- --lan" : "npm start"}; TCP connects from ${host} to the front, service and relay; ss -ltnp of the stack's processes`,
        lan
          ? "the front answers /public/; service and relay refused; only the front beyond loopback"
          : "all refused; every listener on loopback",
        `front ${reached.front}${page ? ` (/public/ ${page.status})` : ""}, service ${reached.service}, relay ${reached.relay}; listeners ${open === undefined ? "(ss missing)" : open.join(" ")}`,
        (lan ? reached.front === "open" && page?.status === 200 : reached.front !== "open") &&
          reached.service !== "open" &&
          reached.relay !== "open" &&
          allowed,
      );
    });
  });
}

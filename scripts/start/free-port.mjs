// A port that a part of the stack (or a test's process) will listen on a moment later. Asked for 0,
// it is taken below the system's ephemeral range (Linux's `ip_local_port_range`, 32768–60999 by
// default; macOS and Windows 49152–65535): a probe on 0 gets a port the kernel hands out, and
// between the probe's close and the part's listen (seconds, while a service loads its modules) the
// kernel could hand the same port to any other listen on 0 or outgoing connection. Under the test
// run, where hundreds of servers listen on 0, a service once lost its port that way, and its front
// forwarded the sign-in to a test's server, which answered 401.
import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The ports chosen for 0: above the well-known services, below the ephemeral range. */
export const CHOSEN_PORTS = chosenPorts();
const ATTEMPTS = 50;
/** The ports this process has handed out, so that two parts started together never get the same. */
const handedOut = new Set();

/**
 * A port of 127.0.0.1 that is free now: `port`, or for 0 a free one of {@link CHOSEN_PORTS} that
 * this process has not handed out before.
 * @param {number} port
 * @returns {Promise<number>} rejects with the listen error (`EADDRINUSE`) when `port` is taken
 */
export async function freePort(port) {
  if (port !== 0) return probe(port);
  // An ephemeral range that starts below 1025 leaves nothing to choose from: the kernel chooses.
  if (CHOSEN_PORTS.to < CHOSEN_PORTS.from) return probe(0);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const candidate = randomInt(CHOSEN_PORTS.from, CHOSEN_PORTS.to + 1);
    if (handedOut.has(candidate)) continue;
    try {
      await probe(candidate);
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (code === "EADDRINUSE" || code === "EACCES") continue;
      throw error;
    }
    handedOut.add(candidate);
    return candidate;
  }
  throw new Error(`no free port in ${CHOSEN_PORTS.from}–${CHOSEN_PORTS.to} after ${ATTEMPTS} tries`);
}

/** 20000–32767, or below a lower ephemeral range where Linux is set to one. */
function chosenPorts() {
  let low = 32_768;
  try {
    low =
      Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || low;
  } catch {
    // Not Linux: the other systems' ranges start at 49152.
  }
  const to = Math.min(32_767, low - 1);
  return { from: Math.max(1_024, Math.min(20_000, to - 4_095)), to };
}

/** Listens on `port` and closes at once. @param {number} port @returns {Promise<number>} */
function probe(port) {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      const chosen = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
      server.close(() => done(chosen));
    });
  });
}

// A port that a part of the stack (or a test's process) will listen on a moment later. Asked for 0,
// it is taken below every system's ephemeral range (Linux 32768–60999; macOS and Windows
// 49152–65535): a probe on 0 gets a port the kernel hands out, and between the probe's close and
// the part's listen (seconds, while a service loads its modules) the kernel could hand the same
// port to any other listen on 0 or outgoing connection. Under the test run, where hundreds of
// servers listen on 0, a service once lost its port that way, and its front forwarded the sign-in
// to a test's server, which answered 401.
import { randomInt } from "node:crypto";
import { createServer } from "node:net";

/** The ports chosen for 0: above the well-known services, below the ephemeral ranges. */
export const CHOSEN_PORTS = { from: 20_000, to: 32_767 };
const ATTEMPTS = 50;

/**
 * A port of 127.0.0.1 that is free now: `port`, or for 0 a free one of {@link CHOSEN_PORTS}.
 * @param {number} port
 * @returns {Promise<number>} rejects with the listen error (`EADDRINUSE`) when `port` is taken
 */
export async function freePort(port) {
  if (port !== 0) return probe(port);
  for (let attempt = 1; ; attempt++) {
    try {
      return await probe(randomInt(CHOSEN_PORTS.from, CHOSEN_PORTS.to + 1));
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (attempt === ATTEMPTS || (code !== "EADDRINUSE" && code !== "EACCES")) throw error;
    }
  }
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

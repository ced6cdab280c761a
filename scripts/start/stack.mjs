// The local stack's three parts, started in order on the stack's folder: the relay in workerd, the
// service (h2c), then the front that browsers use. `npm start` (scripts/start.mjs) runs one; the
// test suite's shared stack (web/test/support/shared-stack/host.ts) runs one too, and restarts its
// service and relay between test files.
import { join } from "node:path";
import { register } from "tsx/esm/api";
import { spawnService, stopService, waitForService } from "./service.mjs";

/**
 * The parts' modules, TypeScript loaded through tsx once `start()` runs.
 * @typedef {typeof import("../../service/src/demo/index.ts") &
 *   typeof import("../../service/src/demo/local-secrets.ts") &
 *   typeof import("../../relay/miniflare/start-relay.ts") &
 *   typeof import("../../front/src/index.ts")} Parts
 */

/** Why the stack could not start, in a sentence for `npm start: …`. */
export class StackError extends Error {}

/**
 * The weekend `TOPS_DEMO_SATURDAY` names for a new demo (the test run sets it, so that no demo day
 * begins or ends during a run); unset, the coming weekend.
 * @param {Parts} modules
 */
function demoWeekend(modules) {
  const saturday = process.env["TOPS_DEMO_SATURDAY"];
  if (saturday === undefined || saturday === "") return undefined;
  try {
    return modules.weekendOf(saturday);
  } catch (error) {
    throw new StackError(`TOPS_DEMO_SATURDAY: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * The stack in `dir`, not started yet: `start()` starts it, `stop()` stops what is running.
 * @param {object} options
 * @param {string} options.repo the repository root
 * @param {string} options.dir the stack's folder
 * @param {string} options.pagesDir the built pages
 * @param {{ front: number, service: number, relay: number }} options.ports free ports (the relay's may be 0)
 * @param {boolean} options.lan serve the front on every interface (`--lan`)
 * @param {string[]} options.addresses this machine's network addresses with --lan; empty without it
 * @param {(why: string) => void} options.onServiceExit the service stopped without being asked to
 */
export function localStack({ repo, dir, pagesDir, ports, lan, addresses, onServiceExit }) {
  const paths = {
    data: join(dir, "data"),
    workbooks: join(dir, "workbooks"),
    relay: join(dir, "relay"),
    secrets: join(dir, ".env"),
  };
  const frontUrl = `http://127.0.0.1:${ports.front}`;
  const serviceUrl = `http://127.0.0.1:${ports.service}`;
  // The origins a browser's socket may come from: this machine, and with --lan the phones' address for it.
  const origins = ["127.0.0.1", "localhost", ...addresses].map((host) => `http://${host}:${ports.front}`);
  /** @type {Awaited<ReturnType<typeof import("../../service/src/demo/local-secrets.ts").ensureLocalSecrets>>} */
  let secrets;
  /** @type {import("../../relay/miniflare/start-relay.ts").RunningRelay | undefined} */
  let relay;
  let relayUrl = "";
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let service;
  /** @type {Awaited<ReturnType<typeof import("../../front/src/index.ts").startFront>> | undefined} */
  let front;
  let relayPort = ports.relay;
  let stopping = false;
  /** @type {Parts} */
  let modules;

  async function startRelay() {
    const tick = liveTickOf(process.env);
    try {
      relay = await modules.startRelay({
        secret: secrets.env["LIVE_PUSH_SECRET"],
        allowedOrigins: origins,
        persistDir: paths.relay,
        port: relayPort,
        ...(tick === undefined ? {} : { livePointsTickMs: tick }),
      });
    } catch (error) {
      throw new StackError(
        `the relay cannot start on ${relayPort} (${/** @type {Error} */ (error).message}); choose another port with --relay-port`,
      );
    }
    relayUrl = relay.url;
    relayPort = Number(new URL(relayUrl).port);
  }

  async function startService() {
    const started = spawnService({
      repo,
      port: ports.service,
      paths,
      secrets: secrets.env,
      pagesUrl: addresses.length > 0 ? `http://${addresses[0]}:${ports.front}` : frontUrl,
      relayUrl,
    });
    service = started;
    started.once("exit", (code, signal) => {
      if (service === started && !stopping)
        onServiceExit(`the service stopped (${signal ?? `exit code ${code}`}); stopping the stack`);
    });
    const answered = await waitForService(serviceUrl, () => stopping || started.exitCode !== null);
    if (!answered && !stopping && started.exitCode === null)
      throw new StackError("the service did not answer /ping within 60 s");
  }

  /**
   * Starts the front, its bounds read from `env`'s `FRONT_*` variables over the defaults.
   * @param {Record<string, string | undefined>} env
   */
  async function startFrontPart(env) {
    let settings;
    try {
      settings = modules.frontSettings(env);
    } catch (error) {
      throw new StackError(/** @type {Error} */ (error).message);
    }
    front = await modules
      .startFront({
        settings,
        // Calls carrying the service's tokens use the streams the front keeps for them.
        tokens: {
          secret: secrets.env["AUTH_TOKEN_SECRET"] ?? "",
          passwordHash: secrets.env["AUTH_PASSWORD_HASH"],
        },
        pagesDir,
        dataDir: paths.data,
        service: serviceUrl,
        relay: relayUrl,
        port: ports.front,
        host: lan ? "0.0.0.0" : "127.0.0.1",
      })
      .catch((error) => {
        const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
        throw new StackError(`the front cannot listen on ${ports.front} (${code ?? message})`);
      });
  }

  /**
   * Ends the service at once (what it held is thrown away with it) and stops the relay, a relay
   * whose workerd already died within 5 s.
   */
  async function stopBackends() {
    const stopped = service;
    service = undefined;
    if (stopped) await stopService(stopped, "SIGKILL");
    const bounded = new Promise((done) => setTimeout(done, 5_000).unref());
    await Promise.race([relay?.dispose(), bounded]);
  }

  return {
    paths,
    frontUrl,
    serviceUrl,
    /** The relay's address once it has started. */
    get relayUrl() {
      return relayUrl;
    },
    /** The secrets of the folder's `.env` (its password only on the run that made it). */
    get secrets() {
      return secrets;
    },
    /** The operator's user name. */
    get operator() {
      return modules?.LOCAL_OPERATOR;
    },

    /**
     * Creates the demo on a first run (never overwriting), then starts the relay, the service
     * and the front. @returns the demo's report
     * @param {object} [hooks]
     * @param {() => Promise<void>} [hooks.folderReady] called once the folder holds the demo and the secrets
     * @param {() => void} [hooks.relayStarted] called once workerd runs (Miniflare has added its signal listeners)
     * @throws StackError with the sentence to print
     */
    async start({ folderReady = async () => {}, relayStarted = () => {} } = {}) {
      register();
      modules = {
        ...(await import("../../service/src/demo/index.ts")),
        ...(await import("../../service/src/demo/local-secrets.ts")),
        ...(await import("../../relay/miniflare/start-relay.ts")),
        ...(await import("../../front/src/index.ts")),
      };
      const demo = await modules.createDemoTournament({
        dataDir: paths.data,
        workbooksDir: paths.workbooks,
        now: Date.now(),
        weekend: demoWeekend(modules),
      });
      secrets = await modules.ensureLocalSecrets(paths.secrets);
      await folderReady();
      await startRelay();
      relayStarted();
      await startService();
      if (stopping) return demo;
      await startFrontPart(process.env);
      return demo;
    },

    /**
     * A fresh service and relay on the same ports (nothing of their memory kept), with `between`
     * run while both are stopped; the front stays.
     * @param {() => Promise<void>} between
     */
    async restartBackends(between) {
      await stopBackends();
      await between();
      await startRelay();
      await startService();
    },

    /**
     * A new front on the same port with the bounds of `env`'s `FRONT_*` variables (the shared
     * stack's files that need other bounds): the old one's connections are closed.
     * @param {Record<string, string | undefined>} env
     */
    async restartFront(env) {
      await front?.close();
      front = undefined;
      await startFrontPart(env);
    },

    /** Sends the service SIGTERM now, without waiting (the process is exiting). */
    kill() {
      if (service && service.exitCode === null && service.signalCode === null) service.kill("SIGTERM");
    },

    /** Stops the service (letting it drain), the relay and the front. */
    async stop() {
      if (stopping) return;
      stopping = true;
      // The front's idle sessions to the service close now, so the service drains only what is in flight.
      front?.drain();
      const stopped = service;
      if (stopped) await stopService(stopped);
      // A relay whose workerd already died can take long to dispose; the stack stops within 5 s anyway.
      const bounded = new Promise((done) => setTimeout(done, 5_000).unref());
      await Promise.race([Promise.allSettled([relay?.dispose(), front?.close()]), bounded]);
    },
  };
}

/**
 * The relay's live points tick from `LIVE_POINTS_TICK_MS` (ms, 0 to 1000; unset: the relay's
 * 300 ms), as the FRONT_* bounds are read: the tap benchmark's baseline runs a stack at 0.
 * @param {Record<string, string | undefined>} env
 * @returns {number | undefined}
 * @throws StackError when it is set to anything else
 */
export function liveTickOf(env) {
  const text = env["LIVE_POINTS_TICK_MS"]?.trim() ?? "";
  if (text === "") return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > 1000)
    throw new StackError(
      `LIVE_POINTS_TICK_MS must be a whole number of milliseconds, 0 to 1000 (got "${text}")`,
    );
  return value;
}

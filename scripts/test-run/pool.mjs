// The test run's slots: each runs one file at a time, taking the next from its queues (the first
// that is not empty) until all are empty, so that no core stands idle while files wait in another
// lane. A file that may share a process (lanes.mjs, `sharesProcess`) runs in the slot's worker
// (in-one-process.mjs), which loads tsx and the service once for all its files; any other runs
// under `node --test` in a process of its own. Whatever a file does, the run ends: a file still
// running after FILE_MAX_MS, or a worker still running LEFT_OPEN_MS after its last file, is
// stopped and failed by name.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const WORKER = fileURLToPath(new URL("./in-one-process.mjs", import.meta.url));
/** A file still running after this long is stopped and failed (`--test-timeout` is per test). */
const FILE_MAX_MS = 5 * 60 * 1000;
/** How long a worker may take to end once its files are done. */
const LEFT_OPEN_MS = 60 * 1000;
/** How long a process's output is read after it exited (a process it started may hold its pipes). */
const OUTPUT_AFTER_EXIT_MS = 2000;
/** How long a worker's output is awaited for the end of a file it said was done. */
const FILE_OUTPUT_MS = 2000;

/**
 * @typedef {{ file: string, shares: boolean }} Job
 * @typedef {object} Slot
 * @property {string} name
 * @property {Job[][]} queues taken from in this order; several slots may hold the same queue
 * @property {Record<string, string> | Promise<Record<string, string>>} env added to the environment
 *   of the slot's processes; while it is a promise (a stack starting) the slot waits, the others do not
 * @property {(text: string) => void} write where a finished file's output goes
 * @property {() => Promise<void>} [ended] called once the slot is done, whether or not its files ran
 */

/**
 * Runs every slot until its queues are empty.
 * @param {Slot[]} slots
 * @param {{ env: Record<string, string | undefined>, args(name: string): string[] }} options
 *   `args`: the node arguments every process gets (loader, reporters), given a name for its files
 * @returns {Promise<{ outputs: string[], failed: Set<string>, ends: string[] }>} every process's
 *   whole output (for the counts), the slots where something failed, and when each slot ended
 */
export async function runSlots(slots, options) {
  const startedAt = Date.now();
  /** @type {string[]} */
  const outputs = [];
  /** @type {string[]} */
  const ends = [];
  /** @type {Set<string>} */
  const failed = new Set();
  let processes = 0;

  /**
   * Fails `what` in `slot`: said in its output, and named in the run's list of failures.
   * @param {Slot} slot
   * @param {string} what
   * @param {string} why
   */
  function fail(slot, what, why) {
    failed.add(slot.name);
    slot.write(`\n# ${what}: ${why}\n`);
    outputs.push(`not ok 0 - ${what}\n  ---\n  error: '${why.replaceAll("'", "''")}'\n  ...\n`);
  }

  /**
   * Starts `node args`, its whole output kept in `outputs` once it exits.
   * @param {Slot} slot
   * @param {Record<string, string>} env
   * @param {string[]} args
   */
  function start(slot, env, args) {
    const name = `${slot.name}-${++processes}`;
    /** @type {import("node:child_process").StdioOptions} */
    const stdio = ["ignore", "pipe", "pipe", ...(args[0] === WORKER ? /** @type {const} */ (["ipc"]) : [])];
    const child = spawn(process.execPath, [...options.args(name), ...args], {
      stdio,
      env: { ...options.env, ...env },
    });
    // A message sent as the process dies fails here; the process's end says what happened.
    child.on("error", () => {});
    const held = { all: "", pending: "" };
    /** @type {Array<() => void>} */
    const readers = [];
    const streams = [child.stdout, child.stderr].flatMap((stream) => (stream ? [stream] : []));
    for (const stream of streams)
      stream.setEncoding("utf8").on("data", (/** @type {string} */ text) => {
        held.all += text;
        held.pending += text;
        for (const reader of readers.splice(0)) reader();
      });
    // Its end: the process exited and its output was read ('close' also waits for the IPC channel,
    // which a worker's exit does not always close, and for any process it left holding its pipes).
    /** @type {Promise<number | null>} */
    const exit = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    const exited = exit.then(async (code) => {
      const read = Promise.all(streams.map((stream) => once(stream, "end").catch(() => {})));
      await Promise.race([read, sleep(OUTPUT_AFTER_EXIT_MS)]);
      for (const stream of streams) stream.destroy();
      outputs.push(held.all);
      if (code !== 0) failed.add(slot.name);
      slot.write(held.pending);
      held.pending = "";
      return code;
    });
    return {
      child,
      exited,
      /**
       * The output since the last call, once `marker` is in it (or {@link FILE_OUTPUT_MS} have
       * passed): the file that just ended, whose last lines may come after its `done` message.
       * @param {string} marker
       */
      async take(marker) {
        const waitedUntil = Date.now() + FILE_OUTPUT_MS;
        while (!held.pending.includes(marker) && Date.now() < waitedUntil)
          await Promise.race([new Promise((done) => readers.push(() => done(undefined))), sleep(100)]);
        const text = held.pending;
        held.pending = "";
        return text;
      },
    };
  }

  /**
   * Runs `job` under `node --test` in a process of its own.
   * @param {Slot} slot
   * @param {Record<string, string>} env
   * @param {Job} job
   */
  async function runAlone(slot, env, job) {
    const alone = start(slot, env, ["--test", "--test-timeout=120000", job.file]);
    const late = setTimeout(() => {
      fail(slot, job.file, `still running after ${FILE_MAX_MS / 60_000} minutes; its process was stopped`);
      alone.child.kill("SIGKILL");
    }, FILE_MAX_MS);
    await alone.exited;
    clearTimeout(late);
  }

  /**
   * Runs `job` in `worker`: "done" once its tests have run, else "late" or "exited".
   * @param {ReturnType<typeof start>} worker
   * @param {Job} job
   * @returns {Promise<"done" | "late" | "exited">}
   */
  function runIn(worker, job) {
    /** @type {NodeJS.Timeout | undefined} */
    let late;
    return new Promise((done) => {
      late = setTimeout(() => done("late"), FILE_MAX_MS);
      /** @param {{ done?: string }} message */
      const onMessage = (message) => {
        if (message?.done === job.file) done("done");
      };
      worker.child.on("message", onMessage);
      void worker.exited.then(() => done("exited"));
      worker.child.send({ file: job.file }, (error) => {
        if (error) done("exited");
      });
    }).finally(() => {
      clearTimeout(late);
      worker.child.removeAllListeners("message");
    });
  }

  /**
   * @param {Slot} slot
   * @param {Record<string, string>} env
   */
  async function drainWith(slot, env) {
    /** @type {ReturnType<typeof start> | undefined} */
    let worker;
    for (;;) {
      const job = slot.queues.find((queue) => queue.length > 0)?.shift();
      if (job === undefined) break;
      if (!job.shares) {
        await runAlone(slot, env, job);
        continue;
      }
      if (worker !== undefined && !worker.child.connected) worker = undefined;
      worker ??= start(slot, env, [WORKER]);
      const outcome = await runIn(worker, job);
      if (outcome === "done") {
        slot.write(await worker.take(`${job.file} ended`));
        continue;
      }
      // The worker died, or the file hung: what it printed is shown, the file failed, and the
      // slot's next files get a fresh worker.
      fail(
        slot,
        job.file,
        outcome === "late"
          ? `still running after ${FILE_MAX_MS / 60_000} minutes; its process was stopped`
          : "its process ended before its tests did",
      );
      worker.child.kill("SIGKILL");
      await worker.exited;
      worker = undefined;
    }
    if (worker !== undefined) {
      // It ends once nothing is left running: a file that left a server or a timer behind would
      // keep it forever, so it is stopped, and the run fails, after LEFT_OPEN_MS.
      const { child, exited } = worker;
      if (child.connected) child.disconnect();
      const late = setTimeout(() => {
        fail(
          slot,
          slot.name,
          "its worker did not end after its last file (a server, socket or timer left open)",
        );
        child.kill("SIGKILL");
      }, LEFT_OPEN_MS);
      await exited;
      clearTimeout(late);
    }
  }

  /** @param {Slot} slot */
  async function drain(slot) {
    try {
      await drainWith(slot, await slot.env);
    } catch (error) {
      fail(slot, slot.name, `could not run its files: ${/** @type {Error} */ (error).message}`);
    } finally {
      ends.push(`${slot.name} ended at ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
      await slot.ended?.().catch((error) => fail(slot, slot.name, `did not stop: ${error.message}`));
    }
  }

  await Promise.all(slots.map(drain));
  // Files no slot could take (their stack did not start) failed too.
  const queues = new Set(slots.flatMap((slot) => slot.queues));
  for (const queue of queues)
    for (const { file } of queue.splice(0)) {
      failed.add("(none)");
      outputs.push(`not ok 0 - ${file}\n  ---\n  error: 'not run: no slot could take it'\n  ...\n`);
    }
  return { outputs, failed, ends };
}

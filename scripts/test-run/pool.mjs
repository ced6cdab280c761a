// The test run's slots: each runs one file at a time, taking the next from its queues (the first
// that is not empty) until all are empty, so that no core stands idle while files wait in another
// lane. A file that may share a process (lanes.mjs, `sharesProcess`) runs in the slot's worker
// (in-one-process.mjs), which loads tsx and the service once for all its files; any other runs
// under `node --test` in a process of its own.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const WORKER = fileURLToPath(new URL("./in-one-process.mjs", import.meta.url));
/** A file still running in a worker after this long is stopped and failed (`--test-timeout` is per test). */
const FILE_MAX_MS = 5 * 60 * 1000;
/** How long a worker may take to end once its files are done. */
const LEFT_OPEN_MS = 60 * 1000;

/**
 * @typedef {{ file: string, shares: boolean }} Job
 * @typedef {object} Slot
 * @property {string} name
 * @property {Job[][]} queues taken from in this order; several slots may hold the same queue
 * @property {Record<string, string> | Promise<Record<string, string>>} env added to the environment
 *   of the slot's processes; while it is a promise (a stack starting) the slot waits, the others do not
 * @property {(text: string) => void} write where a finished file's output goes
 * @property {() => Promise<void>} [ended] called once the slot has run its last file
 */

/**
 * Runs every slot until its queues are empty.
 * @param {Slot[]} slots
 * @param {{ env: Record<string, string | undefined>, args(name: string): string[] }} options
 *   `args`: the node arguments every process gets (loader, reporters), given a name for its files
 * @returns {Promise<{ outputs: string[], failed: boolean, ends: string[] }>} every process's whole
 *   output (for the counts), whether one failed, and when each slot ended
 */
export async function runSlots(slots, options) {
  const startedAt = Date.now();
  /** @type {string[]} */
  const outputs = [];
  /** @type {string[]} */
  const ends = [];
  let failed = false;
  let processes = 0;

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
    const held = { all: "", pending: "" };
    // Its end: the process exited and its output read to the end ('close' waits for the IPC
    // channel too, which a worker's exit does not always close).
    const exit = once(child, "exit");
    const ends = [child.stdout, child.stderr].map((stream) => {
      stream?.setEncoding("utf8").on("data", (/** @type {string} */ text) => {
        held.all += text;
        held.pending += text;
      });
      return stream && once(stream, "end");
    });
    const exited = Promise.all([exit, ...ends]).then(([[code]]) => {
      outputs.push(held.all);
      if (code !== 0) failed = true;
      slot.write(held.pending);
      held.pending = "";
      return code;
    });
    /** The output since the last call: the file that just ended. */
    const take = () => {
      const text = held.pending;
      held.pending = "";
      return text;
    };
    return { child, exited, take };
  }

  /** @param {Slot} slot */
  async function drain(slot) {
    try {
      await drainWith(slot, await slot.env);
    } catch (error) {
      failed = true;
      slot.write(`\n# ${slot.name} could not run its files: ${/** @type {Error} */ (error).message}\n`);
    }
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
        await start(slot, env, ["--test", "--test-timeout=120000", job.file]).exited;
        continue;
      }
      worker ??= start(slot, env, [WORKER]);
      const running = worker;
      const outcome = await new Promise((done) => {
        const late = setTimeout(() => done("late"), FILE_MAX_MS);
        running.child.on("message", function onDone(/** @type {{ done?: string }} */ message) {
          if (message?.done !== job.file) return;
          running.child.off("message", onDone);
          clearTimeout(late);
          done("done");
        });
        void running.exited.then(() => {
          clearTimeout(late);
          done("exited");
        });
        running.child.send({ file: job.file });
      });
      if (outcome === "done") {
        slot.write(running.take());
        continue;
      }
      // The worker died, or the file hung: what it printed is shown, the file failed, and the
      // slot's next files get a fresh worker.
      failed = true;
      const why =
        outcome === "late"
          ? `still running after ${FILE_MAX_MS / 60_000} minutes; its process was stopped`
          : "its process ended before its tests did";
      slot.write(`\n# ${job.file}: ${why}\n`);
      outputs.push(`not ok 0 - ${job.file}\n  ---\n  error: '${why}'\n  ...\n`);
      running.child.kill("SIGKILL");
      await running.exited;
      worker = undefined;
    }
    if (worker !== undefined) {
      // It ends once nothing is left running: a file that left a server or a timer behind would
      // keep it forever, so it is stopped, and the run fails, after LEFT_OPEN_MS.
      const { child, exited } = worker;
      child.disconnect();
      const late = setTimeout(() => {
        const why = "its worker did not end after its last file (a server, socket or timer left open)";
        failed = true;
        slot.write(`\n# ${slot.name}: ${why}; stopped\n`);
        outputs.push(`not ok 0 - ${slot.name}\n  ---\n  error: '${why}'\n  ...\n`);
        child.kill("SIGKILL");
      }, LEFT_OPEN_MS);
      await exited;
      clearTimeout(late);
    }
    ends.push(`${slot.name} ended at ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    await slot.ended?.();
  }

  await Promise.all(slots.map(drain));
  // Files no slot could take (their stack did not start) failed too.
  for (const queue of new Set(slots.flatMap((slot) => slot.queues)))
    for (const { file } of queue.splice(0)) {
      failed = true;
      outputs.push(`not ok 0 - ${file}\n  ---\n  error: 'not run: no slot could take it'\n  ...\n`);
    }
  return { outputs, failed, ends };
}

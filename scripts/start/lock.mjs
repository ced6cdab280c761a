// A folder owned by one process: a lock file holding its pid, created exclusively. A lock whose
// process is gone (killed, crashed, the machine restarted) is stale and taken over at once.
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";

/** A lock file younger than this with no pid in it yet is being written, not stale. */
const WRITING_MS = 5_000;

/**
 * Takes the lock `file`, or says which live process holds it.
 * @param {string} file
 * @returns {{ release(): void } | { heldBy: number }}
 * @example const lock = tryLock("local/stack.lock"); if ("heldBy" in lock) fail(`in use by ${lock.heldBy}`);
 */
export function tryLock(file) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      return {
        release() {
          if (pidIn(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
    const holder = pidIn(file);
    if (holder !== undefined && holder !== process.pid && alive(holder)) return { heldBy: holder };
    if (
      holder === undefined &&
      Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < WRITING_MS
    ) {
      return { heldBy: 0 };
    }
    rmSync(file, { force: true });
  }
  return { heldBy: pidIn(file) ?? 0 };
}

/**
 * Waits for the lock `file` (checking every 200 ms) for at most `ms`.
 * @param {string} file
 * @param {number} ms
 * @returns {Promise<{ release(): void }>}
 */
export async function waitForLock(file, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const lock = tryLock(file);
    if ("release" in lock) return lock;
    if (Date.now() > deadline) throw new Error(`${file} is held by process ${lock.heldBy}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** @param {string} file @returns {number | undefined} */
function pidIn(file) {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

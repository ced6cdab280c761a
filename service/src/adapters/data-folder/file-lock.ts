import { mkdir, rmdir, stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

const STALE_AFTER_MS = 10_000;
const GIVE_UP_AFTER_MS = 15_000;

/**
 * A lock shared by every process on the machine: `mkdir` of `<file>.lock` is atomic.
 * A lock left by a crashed process is taken over once it is older than 10 s.
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_AFTER_MS) await rmdir(lock).catch(() => {});
      if (Date.now() - started > GIVE_UP_AFTER_MS) throw new Error(`could not lock ${file}`);
      await sleep(Math.min(2 + attempt, 25));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(lock).catch(() => {});
  }
}

import { mkdir, rmdir, stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

/** How long a lock may stay unchanged before it is taken over, and how long a write waits at most. */
export interface LockTiming {
  staleAfterMs: number;
  giveUpAfterMs: number;
}

const TIMING: LockTiming = { staleAfterMs: 10_000, giveUpAfterMs: 15_000 };

/**
 * A lock shared by every process on the machine: `mkdir` of `<file>.lock` is atomic.
 * A lock left by a crashed process is taken over once this process has seen the same lock (the
 * same directory, unchanged) for 10 s of its own waiting. Its age is never read as the clock minus
 * the lock's time: the folder's clock (a network share's, or one libfaketime leaves unmoved) need
 * not agree with this process's, and a lock judged stale by a clock that disagrees is taken from
 * a live holder.
 */
export async function withFileLock<T>(
  file: string,
  work: () => Promise<T>,
  timing: LockTiming = TIMING,
): Promise<T> {
  const lock = `${file}.lock`;
  const started = performance.now();
  let seen: { lock: string; since: number } | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const which = await stat(lock, { bigint: true }).then(
        (s) => `${s.ino}:${s.mtimeNs}`,
        () => undefined,
      );
      const now = performance.now();
      if (which === undefined || which !== seen?.lock) {
        seen = which === undefined ? undefined : { lock: which, since: now };
      } else if (now - seen.since > timing.staleAfterMs) {
        await rmdir(lock).catch(() => {});
      }
      if (now - started > timing.giveUpAfterMs) throw new Error(`could not lock ${file}`);
      await sleep(Math.min(2 + attempt, 25));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(lock).catch(() => {});
  }
}

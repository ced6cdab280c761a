/**
 * One thing the operator can do (sync, go live, issue a link…): whether it is running, its last
 * result and, when it failed, a sentence saying why. Components show these; only actions run them.
 */
import { type Signal, signal } from "@preact/signals";

export interface Task<T> {
  busy: Signal<boolean>;
  result: Signal<T | undefined>;
  problem: Signal<string | undefined>;
  /** Runs `work` unless this task is already running; a failure becomes `problem`. */
  run(work: () => Promise<T>): Promise<T | undefined>;
  clear(): void;
}

export function task<T>(): Task<T> {
  const busy = signal(false);
  const result = signal<T | undefined>(undefined);
  const problem = signal<string | undefined>(undefined);
  return {
    busy,
    result,
    problem,
    async run(work) {
      if (busy.value) return undefined;
      busy.value = true;
      problem.value = undefined;
      try {
        const value = await work();
        result.value = value;
        return value;
      } catch (error) {
        problem.value = error instanceof Error ? error.message : String(error);
        return undefined;
      } finally {
        busy.value = false;
      }
    },
    clear() {
      result.value = undefined;
      problem.value = undefined;
    },
  };
}

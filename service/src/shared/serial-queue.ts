/**
 * Runs tasks one after another per key (a workbook), in the order they were queued;
 * tasks for different keys run independently. A failed task does not block the ones after it.
 * @example const queue = createSerialQueue(); await queue.run("facility-1", () => save());
 */
export function createSerialQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}

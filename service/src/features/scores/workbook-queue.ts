/**
 * Runs tasks one at a time per key (a workbook's `sheetId`), in arrival order. A failed task does
 * not stop the next. It makes score entry's read-compare-write atomic within this instance; across
 * instances the window remains, because the Sheets API has no conditional write.
 * @example const queue = new WorkbookQueue(); await queue.run(sheetId, () => checkThenWrite());
 */
export class WorkbookQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}

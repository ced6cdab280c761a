import { Worker } from "node:worker_threads";
import type { SerializedPages } from "./pdf/pdf-objects.ts";
import type { UnicodeFonts } from "./pdf/unicode-fonts.ts";
import type { ChunkRequest } from "./render-chunk.ts";

/** Worker threads that render chunks, at most `concurrency` at a time; reused across requests. */
export interface RenderPool {
  readonly concurrency: number;
  /**
   * Renders one chunk. When `signal` aborts, a queued chunk is dropped and a running one stops
   * before its next page; either way the promise rejects with the signal's reason at once.
   */
  renderChunk(request: ChunkRequest, signal?: AbortSignal): Promise<SerializedPages>;
  /** The subset fonts for code points outside WinAnsi (fonts are read and subset off this thread). */
  embedFonts(codePoints: number[], signal?: AbortSignal): Promise<UnicodeFonts>;
  /** What the pool is doing, and what it has done (for diagnostics and tests). */
  stats(): RenderPoolStats;
  /** Ends the workers; work still queued or running is rejected. */
  close(): Promise<void>;
}

export interface RenderPoolStats {
  queued: number;
  running: number;
  /** Tasks (chunks and font subsets) handed to a worker. */
  started: number;
  /** Queued chunks dropped because their job was cancelled. */
  dropped: number;
  /** Running chunks a worker abandoned because their job was cancelled. */
  stopped: number;
}

/** What a worker is asked to do (render-worker.ts). */
export type WorkerJob = { kind: "chunk"; request: ChunkRequest } | { kind: "fonts"; codePoints: number[] };

interface Task {
  job: WorkerJob;
  resolve(result: unknown): void;
  reject(error: unknown): void;
  /** Removes the abort listener once the task is settled. */
  settle(): void;
  id?: number;
}

interface Slot {
  worker: Worker;
  /** One Int32 shared with the worker: the id of the chunk it must stop. */
  stop: Int32Array;
  task?: Task;
}

const ENTRY = new URL("./render-worker.ts", import.meta.url);

/**
 * A worker on the TypeScript entry. Node 22.18 and later strip its types themselves (the image
 * runs so). Node 20 does not, and does not apply `--import tsx` from a worker's execArgv before
 * loading its entry, so there a one-line bootstrap registers tsx and then imports the entry.
 */
function startWorker(stop: SharedArrayBuffer): Worker {
  const workerData = { stop };
  if ((process.features as { typescript?: string }).typescript) return new Worker(ENTRY, { workerData });
  const bootstrap = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Makes the pool. Workers start on first use, stay for the next request, and never keep the
 * process alive while idle.
 *
 * @example
 * const pool = createRenderPool({ concurrency: 2 });
 * const result = await pool.renderChunk({ layout: "standard", title: "", items: [null], frame: "template", first: 0 }, signal);
 * const fonts = await pool.embedFonts([0x674e]);
 * await pool.close();
 */
export function createRenderPool(options: { concurrency?: number } = {}): RenderPool {
  const concurrency = options.concurrency ?? 2;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`scoresheet concurrency must be a whole number at least 1, got ${concurrency}`);
  }
  const slots: Slot[] = [];
  const queue: Task[] = [];
  const counts = { started: 0, dropped: 0, stopped: 0 };
  let closed = false;
  let nextId = 1;

  function spawn(): Slot {
    const shared = new SharedArrayBuffer(4);
    const slot: Slot = { worker: startWorker(shared), stop: new Int32Array(shared) };
    slot.worker.unref();
    slot.worker.on(
      "message",
      (message: { id: number; result?: unknown; stopped?: boolean; error?: string }) => {
        const task = slot.task;
        if (!task || task.id !== message.id) return;
        finish(slot);
        if (message.stopped) counts.stopped++;
        else if (message.error === undefined) task.resolve(message.result);
        else task.reject(new Error(`scoresheet rendering failed: ${message.error}`));
      },
    );
    const fail = (error: Error) => {
      const task = slot.task;
      slots.splice(slots.indexOf(slot), 1);
      if (task) {
        task.settle();
        task.reject(error);
      }
      pump();
    };
    slot.worker.on("error", fail);
    slot.worker.on("exit", (code) => {
      if (slots.includes(slot)) fail(new Error(`scoresheet worker stopped (exit code ${code})`));
    });
    slots.push(slot);
    return slot;
  }

  function finish(slot: Slot): void {
    slot.task?.settle();
    slot.task = undefined;
    slot.worker.unref();
    pump();
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => !s.task) ?? (slots.length < concurrency ? spawn() : undefined);
      if (!slot) return;
      const task = queue.shift()!;
      // Ids stay positive Int32s, so the stop cell (0 at first) never names a live chunk by accident.
      task.id = nextId;
      nextId = nextId >= 0x7fffffff ? 1 : nextId + 1;
      slot.task = task;
      counts.started++;
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, job: task.job });
    }
  }

  // One abort listener per job (signal), not one per chunk: a job has up to hundreds of chunks.
  const bySignal = new Map<AbortSignal, { tasks: Set<Task>; onAbort: () => void }>();

  function watch(task: Task, signal: AbortSignal): void {
    let job = bySignal.get(signal);
    if (!job) {
      const tasks = new Set<Task>();
      const onAbort = () => {
        bySignal.delete(signal);
        for (const waiting of tasks) cancel(waiting, signal.reason);
      };
      job = { tasks, onAbort };
      bySignal.set(signal, job);
      signal.addEventListener("abort", onAbort, { once: true });
    }
    job.tasks.add(task);
  }

  function forget(task: Task, signal: AbortSignal | undefined): void {
    const job = signal && bySignal.get(signal);
    if (!job) return;
    job.tasks.delete(task);
    if (job.tasks.size > 0) return;
    bySignal.delete(signal);
    signal.removeEventListener("abort", job.onAbort);
  }

  /** The job went away: drop the chunk if it waits, tell its worker to stop if it runs. */
  function cancel(task: Task, reason: unknown): void {
    const waiting = queue.indexOf(task);
    if (waiting >= 0) {
      queue.splice(waiting, 1);
      counts.dropped++;
      task.settle();
    } else {
      const slot = slots.find((s) => s.task === task);
      // The slot stays busy until the worker answers, so no other chunk races the stop cell.
      if (slot && task.id !== undefined) Atomics.store(slot.stop, 0, task.id);
    }
    task.reject(reason);
  }

  function run<T>(job: WorkerJob, signal: AbortSignal | undefined): Promise<T> {
    if (closed) return Promise.reject(new Error("the scoresheet render pool is closed"));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const task: Task = {
        job,
        resolve: resolve as (result: unknown) => void,
        reject,
        settle: () => forget(task, signal),
      };
      if (signal) watch(task, signal);
      queue.push(task);
      pump();
    });
  }

  return {
    concurrency,
    renderChunk: (request, signal) => run<SerializedPages>({ kind: "chunk", request }, signal),
    embedFonts: (codePoints, signal) => run<UnicodeFonts>({ kind: "fonts", codePoints }, signal),
    stats: () => ({
      queued: queue.length,
      running: slots.filter((slot) => slot.task).length,
      ...counts,
    }),
    async close() {
      closed = true;
      const error = new Error("the scoresheet render pool was closed");
      for (const task of queue.splice(0)) {
        task.settle();
        task.reject(error);
      }
      const stopping = slots.splice(0);
      for (const slot of stopping) {
        slot.task?.settle();
        slot.task?.reject(error);
      }
      await Promise.all(stopping.map((slot) => slot.worker.terminate()));
    },
  };
}

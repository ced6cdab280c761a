import { Worker } from "node:worker_threads";
import type { SerializedPages } from "./pdf/pdf-objects.ts";
import type { UnicodeFonts } from "./pdf/unicode-fonts.ts";
import type { ChunkRequest } from "./render-chunk.ts";

/** Worker threads that render chunks, at most `concurrency` at a time; reused across requests. */
export interface RenderPool {
  readonly concurrency: number;
  renderChunk(request: ChunkRequest): Promise<SerializedPages>;
  /** The subset fonts for code points outside WinAnsi (fonts are read and subset off this thread). */
  embedFonts(codePoints: number[]): Promise<UnicodeFonts>;
  /** Ends the workers; work still queued or running is rejected. */
  close(): Promise<void>;
}

/** What a worker is asked to do (render-worker.ts). */
export type WorkerJob = { kind: "chunk"; request: ChunkRequest } | { kind: "fonts"; codePoints: number[] };

interface Task {
  job: WorkerJob;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task?: Task;
}

const ENTRY = new URL("./render-worker.ts", import.meta.url);

/**
 * A worker on the TypeScript entry. Node 22.18 and later strip its types themselves (the image
 * runs so). Node 20 does not, and does not apply `--import tsx` from a worker's execArgv before
 * loading its entry, so there a one-line bootstrap registers tsx and then imports the entry.
 */
function startWorker(): Worker {
  if ((process.features as { typescript?: string }).typescript) return new Worker(ENTRY);
  const bootstrap = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY.href)}); });`;
  return new Worker(bootstrap, { eval: true });
}

/**
 * Makes the pool. Workers start on first use, stay for the next request, and never keep the
 * process alive while idle.
 *
 * @example
 * const pool = createRenderPool({ concurrency: 2 });
 * const result = await pool.renderChunk({ layout: "standard", title: "", items: [null], frame: "template", first: 0 });
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
  let closed = false;
  let nextId = 0;
  const ids = new WeakMap<Task, number>();

  function spawn(): Slot {
    const slot: Slot = { worker: startWorker() };
    slot.worker.unref();
    slot.worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
      const task = slot.task;
      if (!task || ids.get(task) !== message.id) return;
      finish(slot);
      if (message.error === undefined) task.resolve(message.result);
      else task.reject(new Error(`scoresheet rendering failed: ${message.error}`));
    });
    const fail = (error: Error) => {
      const task = slot.task;
      slots.splice(slots.indexOf(slot), 1);
      if (task) task.reject(error);
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
    slot.task = undefined;
    slot.worker.unref();
    pump();
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => !s.task) ?? (slots.length < concurrency ? spawn() : undefined);
      if (!slot) return;
      const task = queue.shift()!;
      const id = nextId++;
      ids.set(task, id);
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage({ id, job: task.job });
    }
  }

  function run<T>(job: WorkerJob): Promise<T> {
    if (closed) return Promise.reject(new Error("the scoresheet render pool is closed"));
    return new Promise<T>((resolve, reject) => {
      queue.push({ job, resolve: resolve as (result: unknown) => void, reject });
      pump();
    });
  }

  return {
    concurrency,
    renderChunk: (request) => run<SerializedPages>({ kind: "chunk", request }),
    embedFonts: (codePoints) => run<UnicodeFonts>({ kind: "fonts", codePoints }),
    async close() {
      closed = true;
      const error = new Error("the scoresheet render pool was closed");
      for (const task of queue.splice(0)) task.reject(error);
      const stopping = slots.splice(0);
      for (const slot of stopping) slot.task?.reject(error);
      await Promise.all(stopping.map((slot) => slot.worker.terminate()));
    },
  };
}

// Worker entry: renders chunks and subsets fonts posted by the pool (see worker-pool.ts). The pool
// writes a chunk's id into the shared `stop` cell to cancel it; the chunk stops before its next page.
import { parentPort, workerData } from "node:worker_threads";
import { embedUnicodeFonts } from "./pdf/unicode-fonts.ts";
import { renderChunk } from "./render-chunk.ts";
import type { WorkerJob } from "./worker-pool.ts";

const port = parentPort;
if (!port) throw new Error("render-worker.ts runs only as a worker thread");
const stop = new Int32Array((workerData as { stop: SharedArrayBuffer }).stop);

port.on("message", ({ id, job }: { id: number; job: WorkerJob }) => {
  try {
    if (job.kind === "chunk") {
      const result = renderChunk(job.request, () => Atomics.load(stop, 0) === id);
      if (result) port.postMessage({ id, result }, [result.data.buffer as ArrayBuffer]);
      else port.postMessage({ id, stopped: true });
    } else {
      port.postMessage({ id, result: embedUnicodeFonts(job.codePoints) });
    }
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

// Worker entry: renders chunks posted by the pool (see worker-pool.ts).
import { parentPort } from "node:worker_threads";
import { type ChunkRequest, renderChunk } from "./render-chunk.ts";

const port = parentPort;
if (!port) throw new Error("render-worker.ts runs only as a worker thread");

port.on("message", ({ id, request }: { id: number; request: ChunkRequest }) => {
  try {
    const result = renderChunk(request);
    port.postMessage({ id, result }, [result.data.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

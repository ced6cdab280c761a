import { Worker } from "node:worker_threads";

/** One workbook edit of a scenario: its time (epoch ms) and tab (default `SCHEDULE`). */
export interface Edit {
  at: number;
  tab?: string;
}

/** What the trigger did in a scenario. */
export interface TriggerRun {
  fetches: Array<{
    url: string;
    method: string;
    headers: Record<string, string>;
    payload: string;
    status: number;
    at: number;
  }>;
  warnings: string[];
  /** Ids of the project triggers left (the stub starts with one old `onEditInstalled` trigger, id `old`). */
  triggers: string[];
  created: Array<{ handler: string; spreadsheet: string; event: string }>;
  lockHeld: boolean;
}

/**
 * Runs `Code.js` against stubbed Apps Script services: the edits fire `onEditInstalled` as
 * Apps Script would (an edit that comes while an execution sleeps runs beside it), `Utilities.sleep`
 * advances a fake clock, and `UrlFetchApp.fetch` makes a real h2c request.
 * @example const run = await runTrigger({ properties: { SYNC_URL: url, … }, start, edits: [{ at: start }] });
 */
export function runTrigger(scenario: {
  properties: Record<string, string>;
  start: number;
  edits?: Edit[];
  /** How long a sync request takes on the fake clock (edits in that window land mid-flight). */
  fetchMs?: number;
  /** Run `installTrigger` instead of edits. */
  install?: boolean;
}): Promise<TriggerRun> {
  const worker = new Worker(new URL("./harness-worker.mjs", import.meta.url), {
    workerData: { edits: [], fetchMs: 800, install: false, ...scenario },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (run: TriggerRun) => {
      resolve(run);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

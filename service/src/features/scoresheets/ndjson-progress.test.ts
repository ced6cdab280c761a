import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sampleMatch } from "../../../test/support/scoresheet-pdf.ts";
import { BoundedQueue } from "../../shared/bounded-queue.ts";
import { ndjsonProgress } from "./ndjson-progress.ts";
import type { ScoresheetRenderer } from "./renderer.ts";

const job = {
  matches: [sampleMatch(1), sampleMatch(2)],
  layout: "standard",
  title: "",
  fileName: "x.pdf",
  blanks: 1,
} as const;

/** A renderer whose `render` the test writes. */
const fakeRenderer = (render: ScoresheetRenderer["render"]): ScoresheetRenderer => ({
  concurrency: 1,
  jobs: new BoundedQueue({ running: 1, waiting: 1 }),
  render,
  stats: () => ({ queued: 0, running: 0, started: 0, dropped: 0, stopped: 0 }),
  close: async () => {},
});

async function lines(renderer: ScoresheetRenderer, logged: unknown[] = []) {
  const out: unknown[] = [];
  for await (const line of ndjsonProgress(renderer, { ...job, matches: [...job.matches] }, (e) =>
    logged.push(e),
  )) {
    assert.ok(line.endsWith("\n"));
    out.push(JSON.parse(line));
  }
  return out;
}

describe("NDJSON progress lines", () => {
  it("parsed, then progress per chunk, then done with the PDF in base64", async () => {
    const renderer = fakeRenderer(async (request) => {
      request.onProgress?.({ done: 2, total: 3 });
      request.onProgress?.({ done: 3, total: 3 });
      return Buffer.from("%PDF-1.3 fake");
    });
    assert.deepEqual(await lines(renderer), [
      { phase: "parsed", matches: 2, pages: 3 },
      { phase: "progress", done: 2, total: 3 },
      { phase: "progress", done: 3, total: 3 },
      { phase: "done", fileName: "x.pdf", pdfBase64: Buffer.from("%PDF-1.3 fake").toString("base64") },
    ]);
  });

  it("a failure after the stream started is an error line, its internal message hidden and logged", async () => {
    const failure = new Error("worker exploded at /srv/secret/path");
    const renderer = fakeRenderer(async (request) => {
      request.onProgress?.({ done: 2, total: 3 });
      throw failure;
    });
    const logged: unknown[] = [];
    assert.deepEqual(await lines(renderer, logged), [
      { phase: "parsed", matches: 2, pages: 3 },
      { phase: "progress", done: 2, total: 3 },
      { phase: "error", code: "internal_error", error: "internal error" },
    ]);
    assert.deepEqual(logged, [failure]);
  });

  it("a job waits for its turn after the parsed line, and stops silently when its client goes away", async () => {
    let rendered = 0;
    const renderer = fakeRenderer(async () => {
      rendered++;
      return Buffer.from("%PDF");
    });
    const busy = renderer.jobs.enter()!;
    await busy.turn();
    const place = renderer.jobs.enter()!;
    const client = new AbortController();
    const logged: unknown[] = [];
    const stream = ndjsonProgress(renderer, { ...job, matches: [...job.matches] }, (e) => logged.push(e), {
      place,
      signal: client.signal,
    });
    assert.equal(JSON.parse((await stream.next()).value as string).phase, "parsed");
    const rest = stream.next();
    client.abort(new Error("gone"));
    assert.deepEqual(await rest, { done: true, value: undefined });
    assert.equal(rendered, 0, "nothing was rendered for a client that left");
    assert.deepEqual(logged, [], "a client that left is not a failure");
  });
});

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ndjsonProgress } from "./ndjson-progress.ts";
import type { ScoresheetRenderer } from "./renderer.ts";
import { sampleMatch } from "./test-support.ts";

const job = {
  matches: [sampleMatch(1), sampleMatch(2)],
  layout: "standard",
  title: "",
  fileName: "x.pdf",
  blanks: 1,
} as const;

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
    const renderer: ScoresheetRenderer = {
      concurrency: 1,
      close: async () => {},
      render: async (request) => {
        request.onProgress?.({ done: 2, total: 3 });
        request.onProgress?.({ done: 3, total: 3 });
        return Buffer.from("%PDF-1.3 fake");
      },
    };
    assert.deepEqual(await lines(renderer), [
      { phase: "parsed", matches: 2, pages: 3 },
      { phase: "progress", done: 2, total: 3 },
      { phase: "progress", done: 3, total: 3 },
      { phase: "done", fileName: "x.pdf", pdfBase64: Buffer.from("%PDF-1.3 fake").toString("base64") },
    ]);
  });

  it("a failure after the stream started is an error line, its internal message hidden and logged", async () => {
    const failure = new Error("worker exploded at /srv/secret/path");
    const renderer: ScoresheetRenderer = {
      concurrency: 1,
      close: async () => {},
      render: async (request) => {
        request.onProgress?.({ done: 2, total: 3 });
        throw failure;
      },
    };
    const logged: unknown[] = [];
    assert.deepEqual(await lines(renderer, logged), [
      { phase: "parsed", matches: 2, pages: 3 },
      { phase: "progress", done: 2, total: 3 },
      { phase: "error", code: "internal_error", error: "internal error" },
    ]);
    assert.deepEqual(logged, [failure]);
  });
});

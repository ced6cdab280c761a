import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sampleMatch } from "../../../test/support/scoresheet-pdf.ts";
import { createRenderPool } from "./worker-pool.ts";

const request = (first: number) => ({
  first,
  layout: "standard" as const,
  title: "Open",
  items: [sampleMatch(first + 1), null],
  frame: "template" as const,
});

describe("render pool: TypeScript workers through tsx, reused, closed with the app", () => {
  it("renders chunks on worker threads, more chunks than workers", async () => {
    const pool = createRenderPool({ concurrency: 2 });
    try {
      const results = await Promise.all([0, 2, 4, 6, 8].map((first) => pool.renderChunk(request(first))));
      for (const result of results) {
        assert.equal(result.offsets.length, 4, "a content stream and a page dictionary per sheet");
        assert.match(
          Buffer.from(result.data).toString("latin1", 0, 60),
          /^\d+ 0 obj\n<<\/Length \d+\/Filter\/FlateDecode>>/,
        );
      }
      assert.match(
        Buffer.from(results[2]!.data).toString("latin1"),
        /^16 0 obj/,
        "page 4 starts at object 8 + 2 × 4",
      );
    } finally {
      await pool.close();
    }
  });

  it("close rejects queued chunks, and the pool refuses work afterwards", async () => {
    const pool = createRenderPool({ concurrency: 1 });
    const outcomes = [pool.renderChunk(request(0)), pool.renderChunk(request(2))].map((chunk) =>
      chunk.then(
        () => "rendered",
        (error: Error) => error.message,
      ),
    );
    await pool.close();
    assert.deepEqual(await Promise.all(outcomes), [
      "the scoresheet render pool was closed",
      "the scoresheet render pool was closed",
    ]);
    await assert.rejects(pool.renderChunk(request(0)), /closed/);
  });

  it("a cancelled job's queued chunks are dropped and its running chunk stops before its next page", async () => {
    const pool = createRenderPool({ concurrency: 1 });
    try {
      await pool.renderChunk(request(0)); // the worker is up
      const big = (first: number) => ({
        ...request(first),
        items: Array.from({ length: 2000 }, (_, i) => sampleMatch(first + i)),
      });
      const job = new AbortController();
      const chunks = [0, 2000, 4000].map((first) => pool.renderChunk(big(first), job.signal));
      const before = pool.stats();
      assert.deepEqual([before.running, before.queued], [1, 2]);
      job.abort(new Error("the client went away"));
      for (const chunk of chunks) await assert.rejects(chunk, /the client went away/);
      assert.equal(pool.stats().queued, 0, "queued chunks are dropped at once");
      // The worker answers the stop before its next page; the pool is then idle.
      while (pool.stats().running > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const after = pool.stats();
      assert.equal(
        after.started - before.started,
        0,
        "no chunk of the cancelled job started after the abort",
      );
      assert.equal(after.dropped, 2);
      assert.equal(after.stopped, 1, "the running chunk was abandoned, not finished");
      const next = await pool.renderChunk(request(0));
      assert.equal(next.offsets.length, 4, "the worker takes the next job");
    } finally {
      await pool.close();
    }
  });

  it("concurrency must be a whole number at least 1", () => {
    assert.throws(() => createRenderPool({ concurrency: 0 }), /at least 1/);
    assert.throws(() => createRenderPool({ concurrency: 1.5 }), /whole number/);
  });
});

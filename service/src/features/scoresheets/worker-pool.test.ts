import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sampleMatch } from "./test-support.ts";
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

  it("concurrency must be a whole number at least 1", () => {
    assert.throws(() => createRenderPool({ concurrency: 0 }), /at least 1/);
    assert.throws(() => createRenderPool({ concurrency: 1.5 }), /whole number/);
  });
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createSerialQueue } from "./serial-queue.ts";

describe("the per-workbook serial queue", () => {
  test("tasks of one workbook run one at a time in order; a failure does not stop the next", async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      queue.run("a", task("1", true)),
      queue.run("a", task("2")),
      queue.run("b", task("3")),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ["rejected", "fulfilled", "fulfilled"],
    );
    assert.deepEqual(log.slice(0, 2), ["start 1", "start 3"]);
    assert.ok(log.indexOf("start 2") > log.indexOf("end 1"));
  });
});

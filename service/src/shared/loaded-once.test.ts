import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { loadedOnce } from "./loaded-once.ts";

describe("loadedOnce", () => {
  test("loads on the first call only, and every call gets what it loaded", async () => {
    let loads = 0;
    const value = loadedOnce(async () => ({ n: ++loads }));
    assert.equal(loads, 0, "nothing loads before the first call");
    const [a, b] = await Promise.all([value(), value()]);
    assert.equal(loads, 1);
    assert.equal(a, b);
    assert.equal(await value(), a);
  });

  test("a load that failed is tried again by the next call", async () => {
    let loads = 0;
    const value = loadedOnce(async () => {
      loads++;
      if (loads === 1) throw new Error("not now");
      return "loaded";
    });
    await assert.rejects(value(), /not now/);
    assert.equal(await value(), "loaded");
    assert.equal(loads, 2);
  });
});

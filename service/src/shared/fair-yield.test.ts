import assert from "node:assert/strict";
import { performance } from "node:perf_hooks";
import { test } from "node:test";
import { fairYield } from "./fair-yield.ts";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

test("six long loops that call fairYield between steps let a timer run long before they finish", async () => {
  const order: string[] = [];
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      order.push("timer");
      resolve();
    }, 0),
  );
  const loops = Array.from({ length: 6 }, async (_, i) => {
    for (let step = 0; step < 40; step++) {
      await fairYield();
      busy(0.5);
    }
    order.push(`loop ${i}`);
  });
  await Promise.all([timer, ...loops]);
  assert.equal(order[0], "timer", `the timer ran first, not after ${order.indexOf("timer")} loops`);
});

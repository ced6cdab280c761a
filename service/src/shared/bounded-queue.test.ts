import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BoundedQueue } from "./bounded-queue.ts";

const settled = async (promise: Promise<unknown>) => {
  let state = "pending";
  promise.then(
    () => (state = "resolved"),
    () => (state = "rejected"),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe("bounded queue: a fixed number of places, refusal beyond them", () => {
  test("running + waiting places are given, the next caller is refused", () => {
    const queue = new BoundedQueue({ running: 2, waiting: 1 });
    const places = [queue.enter(), queue.enter(), queue.enter()];
    assert.ok(places.every(Boolean));
    assert.equal(queue.enter(), undefined);
    places[0]!.leave();
    assert.ok(queue.enter(), "a place that left is free again");
  });

  test("at most `running` work at once; the turn passes in order when one leaves", async () => {
    const queue = new BoundedQueue({ running: 1, waiting: 2 });
    const [a, b, c] = [queue.enter()!, queue.enter()!, queue.enter()!];
    await a.turn();
    const bTurn = b.turn();
    const cTurn = c.turn();
    assert.equal(await settled(bTurn), "pending");
    assert.deepEqual(queue.size, { held: 3, working: 1 });
    a.leave();
    assert.equal(await settled(bTurn), "resolved");
    assert.equal(await settled(cTurn), "pending");
    b.leave();
    assert.equal(await settled(cTurn), "resolved");
    c.leave();
    assert.deepEqual(queue.size, { held: 0, working: 0 });
  });

  test("an aborted wait leaves the line at once and the next one gets the turn", async () => {
    const queue = new BoundedQueue({ running: 1, waiting: 2 });
    const [a, b, c] = [queue.enter()!, queue.enter()!, queue.enter()!];
    await a.turn();
    const controller = new AbortController();
    const bTurn = b.turn(controller.signal);
    const cTurn = c.turn();
    controller.abort(new Error("client went away"));
    await assert.rejects(bTurn, /client went away/);
    b.leave();
    a.leave();
    assert.equal(await settled(cTurn), "resolved");
    c.leave();
    assert.deepEqual(queue.size, { held: 0, working: 0 });
  });

  test("leaving while queued rejects the wait and frees the place; leave twice is harmless", async () => {
    const queue = new BoundedQueue({ running: 1, waiting: 1 });
    const [a, b] = [queue.enter()!, queue.enter()!];
    await a.turn();
    const bTurn = b.turn();
    b.leave();
    b.leave();
    await assert.rejects(bTurn, /left before its turn/);
    a.leave();
    assert.deepEqual(queue.size, { held: 0, working: 0 });
  });

  test("limits must be whole numbers, with at least one running", () => {
    assert.throws(() => new BoundedQueue({ running: 0, waiting: 1 }), /at least 1/);
    assert.throws(() => new BoundedQueue({ running: 1, waiting: 1.5 }), /whole number/);
  });
});

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { type Lane, WriteBudget } from "./write-budget.ts";

const MINUTE = 60_000;
const HOUR = 3_600_000;

describe("the write budget: every commit of the service within 80 a minute and 500 an hour", () => {
  beforeEach(() => {
    mock.timers.enable({ apis: ["setTimeout", "Date"], now: 0 });
    // The budget keeps monotonic time; the fake clock drives it.
    mock.method(performance, "now", () => Date.now());
  });
  afterEach(() => {
    mock.timers.reset();
    mock.restoreAll();
  });

  const settle = () => new Promise((resolve) => setImmediate(resolve));

  /** Moves fake time on by `ms` in steps, letting granted writes run between them. */
  async function advance(ms: number, step = 1_000) {
    for (let passed = 0; passed < ms; passed += step) {
      mock.timers.tick(step);
      await settle();
    }
  }

  /** Asks for a write and records when (fake time) it was granted. */
  function ask(budget: WriteBudget, writer: string, lane: Lane, granted: Array<[string, number]>) {
    return budget.request(writer, lane).ready.then(() => void granted.push([writer, Date.now()]));
  }

  /** The most grants in any window of `span` ms. */
  function busiest(times: number[], span: number): number {
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while ((times[i] as number) - (times[j] as number) >= span) j++;
      most = Math.max(most, i - j + 1);
    }
    return most;
  }

  test("urgent writes beyond the limits wait, and every one is granted within both windows", async () => {
    const budget = new WriteBudget({ perMinute: 80, perHour: 500 });
    const granted: Array<[string, number]> = [];
    for (let n = 0; n < 600; n++) void ask(budget, `file-${n % 3}`, "urgent", granted);
    await settle();
    assert.equal(granted.length, 80, "the first minute's 80 at once");
    await advance(2 * HOUR, 10_000);
    const times = granted.map(([, at]) => at);
    assert.equal(granted.length, 600);
    assert.ok(busiest(times, MINUTE) <= 80, `${busiest(times, MINUTE)} in one minute`);
    assert.ok(busiest(times, HOUR) <= 500, `${busiest(times, HOUR)} in one hour`);
  });

  test("writers are served in turn: a file asking once is not behind another's queue", async () => {
    const budget = new WriteBudget({ perMinute: 80, perHour: 500 });
    const granted: Array<[string, number]> = [];
    // Spend the snapshots' burst, so the next ones wait for their pace.
    for (let n = 0; n < 45; n++) void ask(budget, "warm-up", "snapshot", granted);
    await settle();
    granted.length = 0;
    for (let n = 0; n < 5; n++) void ask(budget, "open/data/sat.json", "snapshot", granted);
    void ask(budget, "open/data/sun.json", "snapshot", granted);
    await advance(HOUR, 1_000);
    assert.deepEqual(
      granted.slice(0, 3).map(([writer]) => writer),
      ["open/data/sat.json", "open/data/sun.json", "open/data/sat.json"],
    );
  });

  test("urgent writes go before waiting snapshots, and the snapshots' pace leaves them room", async () => {
    const budget = new WriteBudget({ perMinute: 80, perHour: 500 });
    const granted: Array<[string, number]> = [];
    for (let n = 0; n < 2_000; n++) void ask(budget, `day-${n % 3}`, "snapshot", granted);
    await advance(30 * MINUTE, 1_000);
    const snapshots = granted.length;
    assert.ok(snapshots > 45 && snapshots < 260, `${snapshots} snapshot commits in half an hour: paced`);
    const revocation = budget.request("open/data/sat.links.json", "urgent");
    assert.equal(revocation.waitMs, undefined, "granted at once, before every waiting snapshot");
    await advance(30 * MINUTE, 1_000);
    const times = granted.map(([, at]) => at);
    assert.ok(
      busiest(times, HOUR) <= 450,
      `${busiest(times, HOUR)} snapshot commits in an hour: 50 kept for urgent writes`,
    );
    assert.ok(busiest(times, MINUTE) <= 72);
  });

  test("a rate limit the host reports holds every write back until it ends", async () => {
    const budget = new WriteBudget({ perMinute: 80, perHour: 500 });
    const granted: Array<[string, number]> = [];
    budget.pause(30_000);
    const { waitMs } = budget.request("config/events.json", "urgent");
    assert.equal(waitMs, 30_000);
    void ask(budget, "open/data/sat.links.json", "urgent", granted);
    await advance(29_000);
    assert.equal(granted.length, 0);
    await advance(2_000);
    assert.equal(granted.length, 1);
    assert.match(JSON.stringify(budget.report(Date.now())), /"perMinute":\{"limit":80,"used":2\}/);
  });

  test("closing lets every waiting write go at once, so nothing waits behind a closed service", async () => {
    const budget = new WriteBudget({ perMinute: 2, perHour: 500 });
    const granted: Array<[string, number]> = [];
    for (let n = 0; n < 5; n++) void ask(budget, `file-${n}`, "urgent", granted);
    await settle();
    assert.equal(granted.length, 2);
    assert.deepEqual(budget.report(0).waiting, { urgent: 3, snapshot: 0 });
    budget.close();
    await settle();
    assert.equal(granted.length, 5);
  });
});

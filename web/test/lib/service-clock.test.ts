// The service's clock as a page sees it (the hall display reads a call's age on it): the tightest
// of the latest bounds the service's stamps give, never later than the service's time.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SERVICE_CLOCK_SAMPLES, serviceClock } from "../../src/lib/live/service-clock.ts";

const T0 = Date.parse("2026-11-28T02:00:00Z");

describe("the service's clock from a page", () => {
  test("nothing known before anything is read; then the tightest bound: a fresh push beats the relay's old snapshot", () => {
    const clock = serviceClock();
    assert.equal(clock.offset(), undefined);
    const ahead = 3 * 24 * 3_600_000;
    // On connect, the relay's last snapshot, made 10 minutes before the page read it.
    clock.saw(T0 - 10 * 60_000, T0 + ahead);
    assert.equal(
      clock.offset(),
      ahead + 10 * 60_000,
      "a bound only: the service's time is at least the stamp",
    );
    // A push as it is made, 200 ms on its way.
    clock.saw(T0 + 5_000, T0 + ahead + 5_200);
    assert.equal(clock.offset(), ahead + 200);
    clock.saw(T0 - 60_000, T0 + ahead + 6_000);
    assert.equal(clock.offset(), ahead + 200, "an older file read changes nothing");
    clock.saw(Number.NaN, T0);
    assert.equal(clock.offset(), ahead + 200, "a stamp that is no time is not a bound");
  });

  test("a page clock behind the service's gives a negative offset; one put forward is followed once the older bounds have gone", () => {
    const clock = serviceClock();
    clock.saw(T0, T0 - 600_000 + 100);
    assert.equal(clock.offset(), -600_000 + 100);
    for (let n = 1; n < SERVICE_CLOCK_SAMPLES; n++) clock.saw(T0 + n * 1_000, T0 + n * 1_000 + 3_600_000);
    assert.equal(clock.offset(), -600_000 + 100);
    clock.saw(T0 + 9_000, T0 + 9_000 + 3_600_000);
    assert.equal(clock.offset(), 3_600_000);
  });
});

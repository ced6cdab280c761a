import assert from "node:assert/strict";
import { test } from "node:test";
import { SignInThrottle } from "./sign-in-throttle.ts";

test("after 10 failures within 15 minutes the address waits until the window passes", () => {
  const throttle = new SignInThrottle();
  const start = 1_000_000;
  for (let i = 0; i < 10; i++) {
    assert.equal(throttle.retryAfterMs("10.0.0.1", start + i), 0);
    throttle.recordFailure("10.0.0.1", start + i);
  }
  assert.equal(throttle.retryAfterMs("10.0.0.1", start + 10), 15 * 60 * 1000 - 10);
  assert.equal(throttle.retryAfterMs("10.0.0.2", start + 10), 0, "another address is not affected");
  assert.equal(throttle.retryAfterMs("10.0.0.1", start + 15 * 60 * 1000 + 1), 0);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { SignInThrottle } from "./sign-in-throttle.ts";

const WINDOW = 15 * 60 * 1000;

test("after 10 attempts within 15 minutes the client waits until the window passes", () => {
  const throttle = new SignInThrottle();
  const start = 1_000_000;
  for (let i = 0; i < 10; i++) assert.equal(throttle.attempt("10.0.0.1", start + i), 0);
  assert.equal(throttle.attempt("10.0.0.1", start + 10), WINDOW - 10);
  assert.equal(throttle.attempt("10.0.0.2", start + 10), 0, "another client is not affected");
  assert.equal(throttle.attempt("10.0.0.1", start + WINDOW + 1), 0);
});

test("attempts count when they start: ten at the same moment fill the window before any answer", () => {
  const throttle = new SignInThrottle();
  const outcomes = Array.from({ length: 200 }, () => throttle.attempt("10.0.0.1", 5_000));
  assert.equal(outcomes.filter((wait) => wait === 0).length, 10);
  assert.ok(outcomes.slice(10).every((wait) => wait === WINDOW));
});

test("a success takes its own attempt back", () => {
  const throttle = new SignInThrottle();
  for (let i = 0; i < 9; i++) throttle.attempt("10.0.0.1", i);
  assert.equal(throttle.attempt("10.0.0.1", 100), 0);
  throttle.forgive("10.0.0.1", 100);
  assert.equal(throttle.attempt("10.0.0.1", 101), 0, "the forgiven attempt freed its place");
  assert.ok(throttle.attempt("10.0.0.1", 102) > 0);
});

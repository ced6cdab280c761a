import assert from "node:assert/strict";
import { test } from "node:test";
import { secretMatches } from "./secret.ts";

test("the shared secret matches only itself", () => {
  assert.equal(secretMatches("s3cret", "s3cret"), true);
  assert.equal(secretMatches("s3cret", "s3cret "), false);
  assert.equal(secretMatches("s3cret", "s3cre"), false);
  assert.equal(secretMatches("s3cret", "a much longer presented value"), false);
});

test("a secret that is not configured never matches, not even an empty header", () => {
  assert.equal(secretMatches(undefined, ""), false);
  assert.equal(secretMatches("", ""), false);
  assert.equal(secretMatches(undefined, undefined), false);
});

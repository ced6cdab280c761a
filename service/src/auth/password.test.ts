import assert from "node:assert/strict";
import { test } from "node:test";
import { isPasswordHash } from "../shared/password-hash.ts";
import { hashPassword, verifyPassword } from "./password.ts";

const cheap = { ln: 10, r: 8, p: 1 };

test("the hash is a scrypt PHC string over username and password together", async () => {
  const hash = await hashPassword("operator", "secret", cheap);
  assert.match(hash, /^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  assert.ok(isPasswordHash(hash));
  assert.equal(await verifyPassword(hash, "operator", "secret"), true);
  assert.equal(await verifyPassword(hash, "operator", "Secret"), false);
  assert.equal(await verifyPassword(hash, "operato", "rsecret"), false);
  assert.equal(await verifyPassword(hash, "Operator", "secret"), false);
});

test("a missing or unusable hash never matches", async () => {
  assert.equal(await verifyPassword(undefined, "", ""), false);
  assert.equal(await verifyPassword("plaintext", "a", "b"), false);
  assert.equal(isPasswordHash("$scrypt$ln=99,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g"), false);
});

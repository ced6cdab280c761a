import assert from "node:assert/strict";
import { createHmac, hkdfSync } from "node:crypto";
import { describe, test } from "node:test";
import { LINK_SCOPES } from "../shared/link-rules.ts";
import { createTokenSigner } from "./tokens.ts";

const signer = createTokenSigner("a-token-secret-of-some-length");
const now = Date.parse("2026-11-21T02:00:00Z");

function tamper(token: string, change: (payload: Record<string, unknown>) => void) {
  const [body, signature] = token.split(".") as [string, string];
  const payload = JSON.parse(Buffer.from(body, "base64url").toString());
  change(payload);
  return `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${signature}`;
}

describe("token kinds", () => {
  test("desk and scorer payloads carry exp, scope, day, to and note in that key order", () => {
    const { token } = signer.issueDayToken("desk", {
      exp: now + 1000,
      day: "open-sat",
      to: "Ana",
      note: "Gate 2",
    });
    const payload = Buffer.from(token.split(".")[0]!, "base64url").toString();
    assert.equal(
      payload,
      `{"exp":${now + 1000},"scope":"${LINK_SCOPES.desk}","day":"open-sat","to":"Ana","note":"Gate 2"}`,
    );
  });

  test("to and note are present only when a non-empty string was given, and such a token still verifies", () => {
    const { token } = signer.issueDayToken("scorer", {
      exp: now + 1000,
      day: "open-sat",
      to: "",
      note: null,
    });
    const claims = signer.verifyDayToken("scorer", token, now);
    assert.deepEqual(claims, { exp: now + 1000, scope: LINK_SCOPES.scorer, day: "open-sat" });
  });

  test("the three kinds never verify as each other", () => {
    const operator = signer.issueOperator(now, 60_000).token;
    const desk = signer.issueDayToken("desk", { exp: now + 1000, day: "d" }).token;
    const scorer = signer.issueDayToken("scorer", { exp: now + 1000, day: "d" }).token;
    assert.ok(signer.verifyOperator(operator, now));
    assert.ok(signer.verifyDayToken("desk", desk, now));
    assert.ok(signer.verifyDayToken("scorer", scorer, now));
    assert.equal(signer.verifyOperator(desk, now), undefined);
    assert.equal(signer.verifyOperator(scorer, now), undefined);
    assert.equal(signer.verifyDayToken("desk", operator, now), undefined);
    assert.equal(signer.verifyDayToken("desk", scorer, now), undefined);
    assert.equal(signer.verifyDayToken("scorer", desk, now), undefined);
    assert.equal(signer.verifyDayToken("scorer", operator, now), undefined);
  });

  test("the payload is signed, so a holder cannot edit the label, the day or the expiry", () => {
    const { token } = signer.issueDayToken("desk", { exp: now + 1000, day: "open-sat", to: "Ana" });
    for (const change of [
      (p: Record<string, unknown>) => (p.to = "Someone else"),
      (p: Record<string, unknown>) => (p.day = "open-sun"),
      (p: Record<string, unknown>) => (p.exp = now + 10_000_000),
      (p: Record<string, unknown>) => (p.scope = LINK_SCOPES.scorer),
    ]) {
      assert.equal(signer.verifyDayToken("desk", tamper(token, change), now), undefined);
    }
  });

  test("an operator token carries no scope, and one that does is rejected", () => {
    const { token } = signer.issueOperator(now, 60_000);
    assert.equal("scope" in signer.verifyOperator(token, now)!, false);
    // Even a correctly signed operator-key token with a scope is refused.
    const other = createTokenSigner("a-token-secret-of-some-length");
    const scoped = tamper(other.issueOperator(now, 60_000).token, (p) => (p.scope = "operator"));
    assert.equal(signer.verifyOperator(scoped, now), undefined);
  });

  test("expired by one millisecond is refused; one millisecond before is accepted", () => {
    const { token, expiresAt } = signer.issueOperator(now, 60_000);
    assert.ok(signer.verifyOperator(token, expiresAt - 1));
    assert.equal(signer.verifyOperator(token, expiresAt), undefined);
  });

  test("a token signed with another secret, a swapped signature or garbage never verifies", () => {
    const foreign = createTokenSigner("another-secret-entirely-123")!.issueOperator(now, 60_000).token;
    const mine = signer.issueOperator(now, 60_000).token;
    const swapped = `${mine.split(".")[0]}.${foreign.split(".")[1]}`;
    for (const token of [foreign, swapped, "", ".", "abc", `${mine}.x`, `${mine}=`]) {
      assert.equal(signer.verifyOperator(token, now), undefined, token);
    }
  });

  test("no secret configured: nothing is issued (401) and nothing verifies", () => {
    const issued = signer.issueOperator(now, 60_000).token;
    for (const closed of [createTokenSigner(undefined), createTokenSigner("")]) {
      assert.throws(() => closed.issueOperator(now, 60_000), { code: "unauthorized" });
      assert.throws(() => closed.issueDayToken("desk", { exp: now + 1, day: "d" }), { code: "unauthorized" });
      assert.equal(closed.verifyOperator(issued, now), undefined);
      assert.equal(closed.verifyDayToken("scorer", issued, now), undefined);
    }
  });
});

describe("operator sessions (issues 24 and 27)", () => {
  const secret = "a-token-secret-of-some-length";
  const hash = "$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA";
  const withPassword = createTokenSigner(secret, hash);
  const payloadOf = (token: string) =>
    JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as Record<string, unknown>;

  test("a token verifies only under the password hash it was issued under: a new password ends it", () => {
    const { token } = withPassword.issueOperator(now, 60_000);
    assert.ok(createTokenSigner(secret, hash).verifyOperator(token, now), "another instance, same password");
    assert.equal(createTokenSigner(secret, `${hash}x`).verifyOperator(token, now), undefined);
    assert.equal(createTokenSigner(secret).verifyOperator(token, now), undefined);
  });

  test("the payload carries a keyed fingerprint of the hash, not the hash, and no scope", () => {
    const payload = payloadOf(withPassword.issueOperator(now, 60_000).token);
    assert.deepEqual(Object.keys(payload), ["exp", "iat", "sid", "pw"]);
    assert.match(String(payload.pw), /^[A-Za-z0-9_-]{11}$/);
    const underAnotherSecret = payloadOf(
      createTokenSigner(`${secret}2`, hash).issueOperator(now, 60_000).token,
    );
    assert.notEqual(underAnotherSecret.pw, payload.pw, "keyed by AUTH_TOKEN_SECRET");
  });

  test("two sign-ins in the same millisecond get different tokens", () => {
    const [a, b] = [withPassword.issueOperator(now, 60_000), withPassword.issueOperator(now, 60_000)];
    assert.notEqual(a.token, b.token);
  });

  test("a token of the payload before fingerprints ({ exp, iat }, rightly signed) no longer verifies", () => {
    const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "operator", 32));
    const signed = (payload: object) => {
      const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
    };
    const current = payloadOf(withPassword.issueOperator(now, 60_000).token);
    assert.ok(withPassword.verifyOperator(signed(current), now), "signed here as the service signs");
    const old = signed({ exp: now + 60_000, iat: now });
    assert.equal(withPassword.verifyOperator(old, now), undefined);
    assert.equal(createTokenSigner(secret).verifyOperator(old, now), undefined);
  });
});

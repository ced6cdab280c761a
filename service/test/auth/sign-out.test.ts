// Operator sessions end on the service (issues 24 and 27): signing out (PUT
// /v3/sessions/current/revocation) refuses the token at once on the instance that signed it out
// and on every other instance within SYNC_CONFIG_TTL_MS, through the signed-out sessions' list in
// the data repository (run over each of its adapters); a new AUTH_PASSWORD_HASH ends every
// earlier session on every instance. Over h2c, with a controlled clock.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { sessionIdOf } from "../../src/auth/link-id.ts";
import { hashPassword } from "../../src/auth/password.ts";
import { formatSignedOutFile, SIGNED_OUT_PATH } from "../../src/auth/signed-out-file.ts";
import { MAX_SIGNED_OUT } from "../../src/auth/signed-out-sessions.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { OPERATOR, SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";
import { REPOSITORY_BACKENDS, type RepositoryBackend } from "../support/backends.ts";

const SIGN_OUT = "/v3/sessions/current/revocation";
const VISIBILITY = "/v3/days/open-sat/visibility";
const TTL_MS = 60_000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(app: TestApp, credentials = OPERATOR): Promise<string> {
  const res = await app.client.request("POST", "/v3/sessions", { body: credentials });
  assert.equal(res.status, 201, res.text);
  return res.json().token;
}

for (const { name, start } of REPOSITORY_BACKENDS)
  describe(`signing out (PUT ${SIGN_OUT}) over ${name}`, () => {
    const clock = manualClock("2026-11-21T02:00:00Z");
    let repository: RepositoryBackend;
    let t: TestApp;
    /** A second instance on the same data repository, with its own copy of the list. */
    let other: TestApp;

    before(async () => {
      repository = await start();
      const env = { SYNC_CONFIG_TTL_MS: String(TTL_MS) };
      t = await startTestApp({ clock, repository: repository.repository, env });
      other = await startTestApp({ clock, repository: repository.repository, env });
    });
    after(async () => {
      await other.close();
      await t.close();
      await repository.close();
    });
    beforeEach(() => clock.advance(TTL_MS));

    test("a signed-out token is 401 at once on this instance; another session keeps working", async () => {
      const leaving = await signIn(t);
      const staying = await signIn(t);
      const res = await t.client.request("PUT", SIGN_OUT, { headers: bearer(leaving) });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json(), {
        revokedAt: clock.now(),
        expiresAt: clock.now() + 12 * 3_600_000,
      });
      const refused = await t.client.request("GET", VISIBILITY, { headers: bearer(leaving) });
      assert.equal(refused.status, 401);
      assert.equal(refused.json().code, "unauthorized");
      assert.match(refused.json().detail, /signing out/);
      assert.equal(refused.headers["www-authenticate"], 'Bearer realm="tournament-ops"');
      assert.equal((await t.client.request("GET", VISIBILITY, { headers: bearer(staying) })).status, 200);
    });

    test("another instance refuses the token once its copy of the list is older than SYNC_CONFIG_TTL_MS", async () => {
      const token = await signIn(t);
      const read = () => other.client.request("GET", VISIBILITY, { headers: bearer(token) });
      assert.equal((await read()).status, 200, "the other instance has read the list");
      assert.equal((await t.client.request("PUT", SIGN_OUT, { headers: bearer(token) })).status, 200);
      clock.advance(TTL_MS - 1);
      assert.equal((await read()).status, 200, "within the TTL the other copy still serves");
      clock.advance(1);
      assert.equal((await read()).status, 401, "at the TTL the other instance reads the list again");
      assert.equal(
        (await other.client.request("POST", "/v3/days/open-sat/syncs", { headers: bearer(token) })).status,
        401,
        "on every operator route",
      );
    });

    test("signing out again with the same token is 401 (it no longer authenticates), on either instance", async () => {
      const token = await signIn(t);
      assert.equal((await t.client.request("PUT", SIGN_OUT, { headers: bearer(token) })).status, 200);
      clock.advance(TTL_MS);
      for (const app of [t, other])
        assert.equal((await app.client.request("PUT", SIGN_OUT, { headers: bearer(token) })).status, 401);
    });

    test("only an operator token signs out; other methods are 405 with Allow: PUT", async () => {
      for (const headers of [
        {} as Record<string, string>,
        { "x-sync-secret": SYNC_SECRET },
        bearer(t.deskToken("open-sat")),
      ]) {
        assert.equal((await t.client.request("PUT", SIGN_OUT, { headers })).status, 401);
      }
      const post = await t.client.request("POST", SIGN_OUT, { headers: bearer(await signIn(t)) });
      assert.equal(post.status, 405);
      assert.equal(post.headers.allow, "PUT");
    });

    test("the list holds the token's digest, never the token; expired sessions leave it at the next sign-out", async () => {
      const first = await signIn(t);
      await t.client.request("PUT", SIGN_OUT, { headers: bearer(first) });
      const stored = async () => (await repository.repository.read(SIGNED_OUT_PATH))?.content ?? "";
      assert.ok((await stored()).includes(sessionIdOf(first)));
      assert.ok(!(await stored()).includes(first), "no token in the public file");
      clock.advance(12 * 3_600_000);
      const second = await signIn(t);
      await t.client.request("PUT", SIGN_OUT, { headers: bearer(second) });
      const sessions = JSON.parse(await stored()).sessions as Array<{ sessionId: string }>;
      assert.deepEqual(
        sessions.map((s) => s.sessionId),
        [sessionIdOf(second)],
        "the expired session was dropped",
      );
    });

    test(`at ${MAX_SIGNED_OUT} signed-out sessions that have not expired, signing out is 403 and writes nothing`, async () => {
      const revision = (await repository.repository.read(SIGNED_OUT_PATH))?.revision ?? null;
      const sessions = Array.from({ length: MAX_SIGNED_OUT }, (_, i) => ({
        sessionId: `seeded-${i}`,
        expiresAt: clock.now() + 3_600_000,
        revokedAt: clock.now(),
      }));
      await repository.repository.write(
        SIGNED_OUT_PATH,
        formatSignedOutFile({ version: 1, sessions }),
        revision,
        "test: a full list",
      );
      const res = await t.client.request("PUT", SIGN_OUT, { headers: bearer(await signIn(t)) });
      assert.equal(res.status, 403);
      assert.match(res.json().detail, /AUTH_PASSWORD_HASH/);
      const kept = JSON.parse((await repository.repository.read(SIGNED_OUT_PATH))?.content ?? "{}");
      assert.equal(kept.sessions.length, MAX_SIGNED_OUT);
      await repository.seed(SIGNED_OUT_PATH, formatSignedOutFile({ version: 1, sessions: [] }));
    });

    test("a list file this service cannot read refuses operator calls with 503 config_unavailable and is never overwritten", async () => {
      const token = await signIn(t);
      await repository.seed(SIGNED_OUT_PATH, '{ "hand": "edited" }\n');
      clock.advance(TTL_MS);
      for (const [method, path] of [
        ["GET", VISIBILITY],
        ["PUT", SIGN_OUT],
      ] as const) {
        const res = await t.client.request(method, path, { headers: bearer(token) });
        assert.equal(res.status, 503, `${method} ${path}`);
        assert.equal(res.json().code, "config_unavailable");
        assert.match(res.json().detail, /fix or remove it/);
      }
      assert.equal((await repository.repository.read(SIGNED_OUT_PATH))?.content, '{ "hand": "edited" }\n');
      assert.equal(
        (await t.client.request("GET", "/ping")).status,
        200,
        "routes without an operator are untouched",
      );
      await repository.seed(SIGNED_OUT_PATH, formatSignedOutFile({ version: 1, sessions: [] }));
    });
  });

describe("a new operator password ends every earlier session, on every instance (issue 27)", () => {
  const clock = manualClock("2026-11-21T02:00:00Z");
  let previous: TestApp;
  let changed: TestApp;
  const NEW = { username: "operator", password: "a-new-password-for-the-day" };

  before(async () => {
    previous = await startTestApp({ clock });
    // The same data repository and token secret, restarted with a new AUTH_PASSWORD_HASH.
    const newHash = await hashPassword(NEW.username, NEW.password, { ln: 10, r: 8, p: 1 });
    changed = await startTestApp({
      clock,
      repository: previous.repository,
      env: { AUTH_PASSWORD_HASH: newHash },
    });
  });
  after(async () => {
    await changed.close();
    await previous.close();
  });

  test("a token issued under the old password is 401 under the new one; one issued under the new one works", async () => {
    const old = await signIn(previous);
    assert.equal((await previous.client.request("GET", VISIBILITY, { headers: bearer(old) })).status, 200);
    const refused = await changed.client.request("GET", VISIBILITY, { headers: bearer(old) });
    assert.equal(refused.status, 401);
    assert.equal(refused.json().code, "unauthorized");
    const fresh = await signIn(changed, NEW);
    assert.equal((await changed.client.request("GET", VISIBILITY, { headers: bearer(fresh) })).status, 200);
    assert.equal(
      (await previous.client.request("GET", VISIBILITY, { headers: bearer(fresh) })).status,
      401,
      "an instance still on the old password refuses it too: a token verifies under one password",
    );
  });
});

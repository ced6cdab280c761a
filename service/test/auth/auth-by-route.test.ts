import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTokenSigner } from "../../src/auth/tokens.ts";
import { OPERATOR, SYNC_SECRET, startTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
describe("auth by route", () => {
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  type Credential = "nothing" | "operator" | "desk" | "scorer" | "secret";

  /** One route of each auth kind of the spec's "Auth by route" table. */
  const ROUTES: Array<{ kind: string; method: string; path: string; body?: unknown; accepts: Credential[] }> =
    [
      {
        kind: "nothing",
        method: "GET",
        path: "/ping",
        accepts: ["nothing", "operator", "desk", "scorer", "secret"],
      },
      {
        kind: "secret or operator",
        method: "GET",
        path: "/v3/diagnostics/sync",
        accepts: ["operator", "secret"],
      },
      {
        kind: "secret or operator",
        method: "GET",
        path: "/v3/diagnostics/preflight",
        accepts: ["operator", "secret"],
      },
      {
        kind: "secret or operator (frozen)",
        method: "GET",
        path: "/sync/config",
        accepts: ["operator", "secret"],
      },
      {
        kind: "secret or operator",
        method: "POST",
        path: "/v3/days/open-sat/syncs",
        accepts: ["operator", "secret"],
      },
      { kind: "operator only", method: "GET", path: "/v3/settings/live-push", accepts: ["operator"] },
      { kind: "operator only", method: "GET", path: "/v3/days/open-sat/visibility", accepts: ["operator"] },
      {
        kind: "operator only",
        method: "GET",
        path: "/v3/events/open-2026/score-entry",
        accepts: ["operator"],
      },
      {
        kind: "operator only",
        method: "POST",
        path: "/v3/days/open-sat/attendance/desk-links",
        body: {},
        accepts: ["operator"],
      },
      {
        kind: "operator only",
        method: "POST",
        path: "/v3/days/open-sat/scores/scorer-links",
        body: {},
        accepts: ["operator"],
      },
      {
        kind: "operator only",
        method: "POST",
        path: "/v3/days/open-sat/attendance/reconciliations",
        body: {},
        accepts: ["operator"],
      },
      { kind: "operator only", method: "GET", path: "/v3/days/open-sat/links", accepts: ["operator"] },
      {
        kind: "operator only",
        method: "PUT",
        path: "/v3/days/open-sat/links/unknown-link/revocation",
        accepts: ["operator"],
      },
      {
        kind: "operator or desk",
        method: "GET",
        path: "/v3/days/open-sat/facilities/Hall%20A/people",
        accepts: ["operator", "desk"],
      },
      {
        kind: "operator or scorer",
        method: "PUT",
        path: "/v3/days/open-sat/facilities/Hall%20A/matches/1/score",
        body: { expected: { team1Score: null, team2Score: null }, team1Score: 21, team2Score: 19 },
        accepts: ["operator", "scorer"],
      },
    ];

  function headersFor(credential: Credential): Record<string, string> {
    switch (credential) {
      case "nothing":
        return {};
      case "secret":
        return { "x-sync-secret": SYNC_SECRET };
      case "operator":
        return { authorization: `Bearer ${t.operatorToken()}` };
      case "desk":
        return { authorization: `Bearer ${t.deskToken("open-sat")}` };
      case "scorer":
        return { authorization: `Bearer ${t.scorerToken("open-sat")}` };
    }
  }

  describe("auth by route: each credential kind on a route of each kind", () => {
    for (const route of ROUTES) {
      for (const credential of ["nothing", "operator", "desk", "scorer", "secret"] as const) {
        const accepted = route.accepts.includes(credential);
        test(`${route.kind}: ${route.method} ${route.path} with ${credential} → ${accepted ? "past auth" : "401"}`, async () => {
          const res = await t.client.request(route.method, route.path, {
            headers: headersFor(credential),
            body: route.body,
          });
          if (accepted) assert.notEqual(res.status, 401, res.text);
          else {
            assert.equal(res.status, 401, res.text);
            assert.equal(res.headers["www-authenticate"], 'Bearer realm="tournament-ops"');
            assert.equal(res.json().code, "unauthorized");
          }
        });
      }
    }
  });

  describe("authentication rules", () => {
    const route = "/v3/diagnostics/sync";

    test("a wrong kind gets the same 401 as no token", async () => {
      const none = await t.client.request("GET", "/v3/settings/live-push");
      const desk = await t.client.request("GET", "/v3/settings/live-push", { headers: headersFor("desk") });
      assert.equal(desk.status, 401);
      assert.deepEqual(desk.json(), none.json());
    });

    test("tampered, re-signed with another key, expired and garbage tokens are 401", async () => {
      const valid = t.operatorToken();
      const [body, signature] = valid.split(".") as [string, string];
      const payload = JSON.parse(Buffer.from(body, "base64url").toString());
      payload.exp += 1_000_000;
      const tampered = `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${signature}`;
      const foreign = createTokenSigner("some-other-token-secret-123")!.issueOperator(
        t.clock.now(),
        60_000,
      ).token;
      const expired = t.services.signer.issueOperator(t.clock.now() - 10_000, 9_999).token;
      for (const token of [tampered, foreign, expired, "garbage", `${valid}x`]) {
        const res = await t.client.request("GET", route, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(res.status, 401, token);
      }
    });

    test("a token expires at exp: valid one millisecond before, refused at it", async () => {
      const { token, expiresAt } = t.services.signer.issueOperator(t.clock.now(), 5_000);
      const clock = t.clock as unknown as { set(v: number): void };
      const start = t.clock.now();
      try {
        clock.set(expiresAt - 1);
        assert.equal(
          (await t.client.request("GET", route, { headers: { authorization: `Bearer ${token}` } })).status,
          200,
        );
        clock.set(expiresAt);
        assert.equal(
          (await t.client.request("GET", route, { headers: { authorization: `Bearer ${token}` } })).status,
          401,
        );
      } finally {
        clock.set(start);
      }
    });

    test("the shared secret: a wrong one, or the right one on an operator-only route, is 401", async () => {
      assert.equal(
        (await t.client.request("GET", route, { headers: { "x-sync-secret": `${SYNC_SECRET}x` } })).status,
        401,
      );
      assert.equal((await t.client.request("GET", route, { headers: { "x-sync-secret": "" } })).status, 401);
      const live = await t.client.request("PUT", "/v3/settings/live-push", {
        headers: headersFor("secret"),
        body: { enabled: false },
      });
      assert.equal(live.status, 401, "the secret cannot change live push");
      const visibility = await t.client.request("PUT", "/v3/days/open-sat/visibility", {
        headers: headersFor("secret"),
        body: { isLive: true },
      });
      assert.equal(visibility.status, 401, "the secret cannot change visibility");
    });

    test("sign-in issues an operator token: 201 on /v3/sessions, 200 on the frozen /auth/login", async () => {
      const v3 = await t.client.request("POST", "/v3/sessions", { body: OPERATOR });
      assert.equal(v3.status, 201);
      assert.equal(v3.headers.location, undefined);
      const session = v3.json();
      assert.deepEqual(
        Object.keys(session),
        ["token", "expiresAt", "deviceProof"],
        "issue 35: a device proof too",
      );
      assert.equal(session.expiresAt, t.clock.now() + 43_200_000, "12 h when AUTH_TOKEN_TTL_MS is unset");
      assert.equal(
        (await t.client.request("GET", route, { headers: { authorization: `Bearer ${session.token}` } }))
          .status,
        200,
      );
      const frozen = await t.client.request("POST", "/auth/login", { body: OPERATOR });
      assert.equal(frozen.status, 200);
      assert.deepEqual(Object.keys(frozen.json()), ["token", "expiresAt"], "the frozen answer as released");
      assert.equal(frozen.headers.link, "</v3/sessions>; rel=successor-version");
    });

    test("a wrong credential is 401, and never returns the sync secret", async () => {
      const res = await t.client.request("POST", "/v3/sessions", {
        body: { ...OPERATOR, password: "wrong" },
      });
      assert.equal(res.status, 401);
      assert.ok(!res.text.includes(SYNC_SECRET));
    });
  });

  describe("fail closed", () => {
    test("without AUTH_TOKEN_SECRET or AUTH_PASSWORD_HASH nobody signs in, and without SYNC_SHARED_SECRET no secret matches", async () => {
      const bare = await startTestApp({
        env: { AUTH_TOKEN_SECRET: "", AUTH_PASSWORD_HASH: "", SYNC_SHARED_SECRET: "" },
      });
      try {
        assert.equal((await bare.client.request("POST", "/v3/sessions", { body: OPERATOR })).status, 401);
        assert.equal(
          (await bare.client.request("GET", "/v3/diagnostics/sync", { headers: { "x-sync-secret": "" } }))
            .status,
          401,
        );
        const token = t.operatorToken();
        assert.equal(
          (
            await bare.client.request("GET", "/v3/diagnostics/sync", {
              headers: { authorization: `Bearer ${token}` },
            })
          ).status,
          401,
        );
      } finally {
        await bare.close();
      }
    });

    test("failed sign-ins are throttled per address: the 11th within 15 minutes is 429 with Retry-After", async () => {
      const own = await startTestApp();
      try {
        for (let i = 0; i < 10; i++) {
          assert.equal(
            (await own.client.request("POST", "/v3/sessions", { body: { ...OPERATOR, password: `no${i}` } }))
              .status,
            401,
          );
        }
        const limited = await own.client.request("POST", "/v3/sessions", { body: OPERATOR });
        assert.equal(limited.status, 429);
        assert.equal(limited.json().code, "rate_limited");
        assert.equal(limited.headers["retry-after"], "900");
      } finally {
        await own.close();
      }
    });
  });
});

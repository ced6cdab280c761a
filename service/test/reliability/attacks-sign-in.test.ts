// Issue 16's attacks on sign-in and on JSON bodies and link labels, and issue 24's on sign-in and
// tokens (rows I, L2, L3), over real h2c connections.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { OPERATOR, startTestApp, type TestApp } from "../support/app.ts";
import { h2c } from "../support/h2c.ts";
import { stalledUpload } from "./support/attack-client.ts";
import { attackRow } from "./support/results.ts";

describe("attacks on sign-in", () => {
  let t: TestApp;
  before(async () => {
    // One proxy hop trusted, as on Cloud Run: the client address comes from X-Forwarded-For.
    t = await startTestApp({ env: { TRUST_PROXY_HOPS: "1" } });
  });
  after(() => t.close());

  const wrong = (from: string, client = t.client) =>
    client.request("POST", "/v3/sessions", {
      headers: { "x-forwarded-for": from },
      body: { username: "operator", password: "not-the-password" },
    });

  describe("sign-in is counted before the password is hashed (issue 16, row 3)", () => {
    test("200 parallel wrong sign-ins from one address: exactly 10 are 401, the rest 429 with Retry-After", async () => {
      const clients = Array.from({ length: 4 }, () => h2c(t.url));
      try {
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) => wrong("203.0.113.50", clients[i % 4])),
        );
        const ping = await t.client.request("GET", "/ping");
        const statuses = answers.map((res) => res.status);
        const unauthorized = statuses.filter((s) => s === 401).length;
        const limited = answers.filter((res) => res.status === 429);
        attackRow(
          3,
          "200 parallel wrong sign-ins from one address",
          "10 × 401, then 429",
          `${unauthorized} × 401, ${limited.length} × 429`,
          unauthorized === 10 && limited.length === 190,
        );
        assert.ok(
          limited.every(
            (res) => res.json().code === "rate_limited" && Number(res.headers["retry-after"]) > 0,
          ),
        );
        assert.equal(ping.status, 200, "other routes still answer");
      } finally {
        for (const client of clients) client.close();
      }
    });

    test("IPv6 clients are counted per /64: another address in the same /64 is refused, the next /64 is not", async () => {
      for (let i = 1; i <= 10; i++)
        assert.equal((await wrong(`2001:db8:5:6::${i.toString(16)}`)).status, 401);
      const same = await wrong("2001:db8:5:6:ffff:1:2:3");
      const next = await wrong("2001:db8:5:7::1");
      attackRow(
        3,
        "10 wrong sign-ins from one IPv6 /64, then an 11th from another address in it",
        "429; the next /64 401",
        `${same.status}; next /64 ${next.status}`,
        same.status === 429 && next.status === 401,
      );
    });

    test("the right password after failures from another client still signs in", async () => {
      const res = await t.client.request("POST", "/v3/sessions", {
        headers: { "x-forwarded-for": "198.51.100.77" },
        body: { username: "operator", password: "shuttle-cock-42" },
      });
      assert.equal(res.status, 201, res.text);
    });
  });

  describe("unknown members and hostile labels (issue 16, rows 8 and 9)", () => {
    const operator = () => ({ authorization: `Bearer ${t.operatorToken()}` });

    test('row 8: PUT visibility {"isLive":false,"x":1} and a desk-link body with bogus are 400 validation_error', async () => {
      const visibility = await t.client.request("PUT", "/v3/days/open-sat/visibility", {
        headers: operator(),
        body: { isLive: false, x: 1 },
      });
      const desk = await t.client.request("POST", "/v3/days/open-sat/attendance/desk-links", {
        headers: operator(),
        body: { issuedTo: "Gate", bogus: true },
      });
      attackRow(
        8,
        'PUT visibility {"isLive":false,"x":1}; a desk-link body with bogus',
        "400 validation_error on both",
        `${visibility.status} ${visibility.json().code}; ${desk.status} ${desk.json().code}`,
        visibility.status === 400 && desk.status === 400 && desk.json().code === "validation_error",
      );
    });

    test("row 9: a desk-link label with U+202E, U+200B and a lone surrogate is signed without them", async () => {
      const res = await t.client.request("POST", "/v3/days/open-sat/attendance/desk-links", {
        headers: operator(),
        body: { issuedTo: "\u202EGate\u200B 2\uD800" },
      });
      const payload = JSON.parse(Buffer.from(res.json().token.split(".")[0], "base64url").toString());
      attackRow(
        9,
        "issuedTo U+202E Gate U+200B 2 U+D800",
        '"Gate 2" in the answer and the token',
        `${JSON.stringify(res.json().issuedTo)} / ${JSON.stringify(payload.to)}`,
        res.json().issuedTo === "Gate 2" && payload.to === "Gate 2",
      );
    });
  });

  describe("tokens are not kept where they should not be; refused sign-ins cost almost nothing (issue 24)", () => {
    const operator = () => ({ authorization: `Bearer ${t.operatorToken()}` });

    test("row I: a throttled caller is answered 429 before its body is read; an unthrottled one waits for it", async () => {
      for (let i = 0; i < 10; i++) await wrong("203.0.113.90");
      const held = (from: string, path: string) =>
        stalledUpload(t.url, path, "application/json", Buffer.from('{"username":"operator","pass'), {
          "content-length": "60000",
          "x-forwarded-for": from,
        });
      const throttled = [held("203.0.113.90", "/v3/sessions"), held("203.0.113.90", "/auth/login")];
      const waiting = held("198.51.100.91", "/v3/sessions");
      try {
        const codes = await Promise.all(throttled.map((upload) => upload.closed));
        const statuses = throttled.map((upload) => upload.status());
        attackRow(
          "24 I",
          "a sign-in from a throttled address, and its frozen twin, each sending 28 of 60,000 body bytes, then nothing",
          "429 at once, the stream closed NO_ERROR, the body never read; an unthrottled one still waits for its body",
          `${statuses.join(", ")}; reset codes ${codes.join(", ")}; unthrottled: ${waiting.status() ?? "no answer yet"}`,
          statuses.every((status) => status === 429) &&
            codes.every((code) => code === 0) &&
            waiting.status() === undefined,
        );
      } finally {
        for (const upload of [...throttled, waiting]) upload.session.destroy();
      }
    });

    test("row L2: every answer that carries a token is Cache-Control: no-store, /v3 and frozen alike", async () => {
      const answers = [
        await t.client.request("POST", "/v3/sessions", {
          headers: { "x-forwarded-for": "198.51.100.92" },
          body: OPERATOR,
        }),
        await t.client.request("POST", "/auth/login", {
          headers: { "x-forwarded-for": "198.51.100.92" },
          body: OPERATOR,
        }),
        ...(await Promise.all(
          [
            "/v3/days/open-sat/attendance/desk-links",
            "/v1/days/open-sat/attendance/desk-links",
            "/v3/days/open-sat/scores/scorer-links",
            "/v1/days/open-sat/scores/scorer-links",
          ].map((path) => t.client.request("POST", path, { headers: operator() })),
        )),
      ];
      const { paths } = (await t.client.request("GET", "/openapi.json")).json();
      const documented = Object.entries(paths as Record<string, Record<string, { responses: object }>>)
        .flatMap(([path, methods]) =>
          Object.values(methods).flatMap((operation) =>
            Object.values(operation.responses ?? {}).some((r) => "headers" in r) ? [path] : [],
          ),
        )
        .sort();
      attackRow(
        "24 L2",
        "sign in (/v3/sessions, /auth/login), issue desk and scorer links (/v3, /v1); read /openapi.json",
        "each answer has its token and Cache-Control: no-store; the document says so for exactly these six",
        `${answers.map((res) => `${res.status} ${res.headers["cache-control"] ?? "no Cache-Control"}`).join("; ")}; documented on ${documented.length}`,
        answers.every(
          (res) => res.status < 300 && res.json().token && res.headers["cache-control"] === "no-store",
        ) && documented.length === 6,
      );
    });

    test("row L3: a signed-out operator token is 401 on every operator route", async () => {
      const { token } = (
        await t.client.request("POST", "/v3/sessions", {
          headers: { "x-forwarded-for": "198.51.100.93" },
          body: OPERATOR,
        })
      ).json();
      const as = { authorization: `Bearer ${token}` };
      const out = await t.client.request("PUT", "/v3/sessions/current/revocation", { headers: as });
      const reused = await Promise.all(
        [
          ["GET", "/v3/days/open-sat/visibility"],
          ["POST", "/v3/days/open-sat/attendance/desk-links"],
          ["GET", "/v3/days/open-sat/links"],
          ["POST", "/sync/open-sat/live"],
        ].map(([method, path]) => t.client.request(method as string, path as string, { headers: as })),
      );
      attackRow(
        "24 L3",
        "sign out, then reuse the token on visibility, a desk-link issue, the link list and a frozen operator route",
        "sign-out 200; every reuse 401",
        `sign-out ${out.status}; ${reused.map((res) => res.status).join(", ")}`,
        out.status === 200 && reused.every((res) => res.status === 401),
      );
    });
  });
});

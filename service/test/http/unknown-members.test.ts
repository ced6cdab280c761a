import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Type } from "@sinclair/typebox";
import Fastify from "fastify";
import { registerRoutes } from "../../src/http/register-routes.ts";
import { defineRoute } from "../../src/http/route.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
describe("unknown members are refused on every JSON body, frozen routes included (issue 16, row 8)", () => {
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const operator = () => ({ authorization: `Bearer ${t.operatorToken()}` });

  /** One JSON body per route that declares one, each with a member the route does not know. */
  const BODIES = [
    { method: "POST", path: "/v3/sessions", body: { username: "a", password: "b", remember: true } },
    { method: "POST", path: "/auth/login", body: { username: "a", password: "b", remember: true } },
    { method: "POST", path: "/v3/days/open-sat/syncs", body: { method: "sheets", force: true } },
    { method: "PUT", path: "/v3/days/open-sat/visibility", body: { isLive: false, x: 1 } },
    { method: "POST", path: "/sync/open-sat/live", body: { isLive: false, x: 1 } },
    { method: "PUT", path: "/v3/settings/live-push", body: { enabled: true, x: 1 } },
    { method: "POST", path: "/sync/live-push", body: { enabled: true, x: 1 } },
    { method: "PUT", path: "/v3/events/open-2026/score-entry", body: { scoreEntry: "links", x: 1 } },
    { method: "PUT", path: "/v1/events/open-2026/score-entry", body: { mode: "links", x: 1 } },
    {
      method: "PUT",
      path: "/v3/days/open-sat/facilities/Hall%20A/people/ana/attendance",
      body: { present: true, bogus: 1 },
    },
    {
      method: "PUT",
      path: "/v1/days/open-sat/facilities/Hall%20A/attendance/ana",
      body: { present: true, bogus: 1 },
    },
    {
      method: "POST",
      path: "/v3/days/open-sat/attendance/desk-links",
      body: { issuedTo: "Table 2", bogus: 1 },
    },
    {
      method: "POST",
      path: "/v3/days/open-sat/attendance/reconciliations",
      body: { facility: "Hall A", x: 1 },
    },
    { method: "POST", path: "/v3/days/open-sat/scores/scorer-links", body: { note: "Court 3", bogus: 1 } },
    {
      method: "PUT",
      path: "/v3/days/open-sat/facilities/Hall%20A/matches/1/score",
      body: { expected: { team1Score: null, team2Score: null }, team1Score: 1, team2Score: 2, x: 1 },
    },
  ] as const;

  for (const { method, path, body } of BODIES) {
    test(`${method} ${path} with an unknown member is 400 validation_error`, async () => {
      const res = await t.client.request(method, path, { headers: operator(), body });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json().code, "validation_error");
      assert.match(res.text, /additional properties/);
    });
  }

  test("the frozen /v1 link routes still ignore any body, unknown members included", async () => {
    const desk = await t.client.request("POST", "/v1/days/open-sat/attendance/desk-links", {
      headers: operator(),
      body: { issuedTo: "x", bogus: 1 },
    });
    assert.equal(desk.status, 201, desk.text);
    assert.deepEqual(Object.keys(desk.json()), ["token", "expiresAt", "day"]);
    const scorer = await t.client.request("POST", "/v1/days/open-sat/scores/scorer-links", {
      headers: operator(),
      body: { bogus: 1 },
    });
    assert.equal(scorer.status, 201, scorer.text);
    assert.deepEqual(Object.keys(scorer.json()), ["token", "expiresAt", "day"]);
  });

  test("a route declared with a body that lets unknown members through is refused at startup", () => {
    const app = Fastify();
    const loose = defineRoute({
      method: "POST",
      url: "/v3/loose",
      operationId: "loose",
      summary: "a mistake",
      auth: ["none"],
      body: Type.Object({ a: Type.String() }),
      response: { 200: Type.Object({}) },
      handler: async () => ({}),
    });
    assert.throws(() => registerRoutes(app, [loose], () => ({ kind: "none" }) as never), /JsonBody/);
  });
});

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
describe("error answers", () => {
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  function assertProblem(
    res: Awaited<ReturnType<TestApp["client"]["request"]>>,
    status: number,
    code: string,
    path: string,
  ) {
    assert.equal(res.status, status);
    assert.match(String(res.headers["content-type"]), /^application\/problem\+json/);
    const body = res.json();
    assert.deepEqual(Object.keys(body).slice(0, 7), [
      "type",
      "title",
      "status",
      "detail",
      "instance",
      "code",
      "error",
    ]);
    assert.equal(body.type, "about:blank");
    assert.equal(body.status, status);
    assert.equal(body.code, code);
    assert.equal(body.instance, path);
    assert.equal(body.error, body.detail);
    assert.equal(typeof body.title, "string");
  }

  function assertPlain(res: Awaited<ReturnType<TestApp["client"]["request"]>>, status: number, code: string) {
    assert.equal(res.status, status);
    assert.match(String(res.headers["content-type"]), /^application\/json/);
    const body = res.json();
    assert.deepEqual(Object.keys(body), ["error", "code"]);
    assert.equal(body.code, code);
  }

  describe("errors on /v3 are problem details", () => {
    test("404 not_found for an unknown path, instance without the query string", async () => {
      const res = await t.client.request("GET", "/v3/nothing-here?x=1");
      assertProblem(res, 404, "not_found", "/v3/nothing-here");
      assert.equal(res.json().title, "Not Found");
    });

    test("405 with Allow on a known /v3 path", async () => {
      const res = await t.client.request("DELETE", "/v3/sessions");
      assertProblem(res, 405, "method_not_allowed", "/v3/sessions");
      assert.equal(res.headers.allow, "POST");
      const get = await t.client.request("PUT", "/v3/diagnostics/sync");
      assert.equal(get.headers.allow, "GET, HEAD");
    });

    test("415 for a body that is not JSON", async () => {
      const res = await t.client.request("POST", "/v3/sessions", {
        body: "username=a&password=b",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      assertProblem(res, 415, "unsupported_media_type", "/v3/sessions");
      const plain = await t.client.request("POST", "/v3/sessions", {
        body: "{}",
        headers: { "content-type": "text/plain" },
      });
      assertProblem(plain, 415, "unsupported_media_type", "/v3/sessions");
      const none = await t.client.request("POST", "/v3/sessions", {
        body: "{}",
        headers: { "content-type": "" },
      });
      assert.equal(none.status, 415);
    });

    test("400 bad_request for malformed JSON", async () => {
      const res = await t.client.request("POST", "/v3/sessions", {
        body: '{"username": "a",',
        headers: { "content-type": "application/json" },
      });
      assertProblem(res, 400, "bad_request", "/v3/sessions");
    });

    test("400 validation_error for a body that fails validation", async () => {
      const res = await t.client.request("POST", "/v3/sessions", { body: { username: 1 } });
      assertProblem(res, 400, "validation_error", "/v3/sessions");
    });

    test("406 for an Accept the route cannot satisfy", async () => {
      const res = await t.client.request("GET", "/v3/diagnostics/sync", { headers: { accept: "text/csv" } });
      assertProblem(res, 406, "not_acceptable", "/v3/diagnostics/sync");
    });

    test("413 payload_too_large for a JSON body over 64 KiB", async () => {
      const res = await t.client.request("POST", "/v3/sessions", {
        body: { username: "a", password: "x".repeat(70 * 1024) },
      });
      assertProblem(res, 413, "payload_too_large", "/v3/sessions");
    });

    test("401 carries WWW-Authenticate", async () => {
      const res = await t.client.request("GET", "/v3/diagnostics/sync");
      assertProblem(res, 401, "unauthorized", "/v3/diagnostics/sync");
      assert.equal(res.headers["www-authenticate"], 'Bearer realm="tournament-ops"');
    });

    test("nothing answers under /v2: JSON 404", async () => {
      const res = await t.client.request("GET", "/v2/sessions");
      assertProblem(res, 404, "not_found", "/v2/sessions");
    });

    test("an unknown path outside the frozen routes' prefixes, / included, answers problem details like /v3", async () => {
      assertProblem(await t.client.request("GET", "/"), 404, "not_found", "/");
      assertProblem(await t.client.request("GET", "/nothing?x=1"), 404, "not_found", "/nothing");
    });
  });

  describe("errors on frozen routes keep the plain body", () => {
    test("404 for an unknown path under a frozen route's prefix keeps the plain JSON body 2.x clients know", async () => {
      assertPlain(await t.client.request("GET", "/v1/nothing"), 404, "not_found");
      assertPlain(await t.client.request("GET", "/sync/a/b/c"), 404, "not_found");
      assertPlain(await t.client.request("GET", "/scoresheets"), 404, "not_found");
    });

    test("401, 415, 400 and 406 on a frozen route", async () => {
      const unauthorized = await t.client.request("GET", "/sync/config");
      assertPlain(unauthorized, 401, "unauthorized");
      assert.equal(unauthorized.headers["www-authenticate"], 'Bearer realm="tournament-ops"');
      const wrongType = await t.client.request("POST", "/auth/login", {
        body: "x",
        headers: { "content-type": "text/plain" },
      });
      assertPlain(wrongType, 415, "unsupported_media_type");
      const malformed = await t.client.request("POST", "/auth/login", {
        body: "{",
        headers: { "content-type": "application/json" },
      });
      assertPlain(malformed, 400, "bad_request");
      const notAcceptable = await t.client.request("POST", "/auth/login", {
        body: { username: "a", password: "b" },
        headers: { accept: "image/png" },
      });
      assertPlain(notAcceptable, 406, "not_acceptable");
    });

    test("frozen routes carry Deprecation and a successor Link, and no Sunset", async () => {
      const res = await t.client.request("GET", "/sync/config");
      assert.match(String(res.headers.deprecation), /^@\d{10}$/);
      assert.equal(res.headers.link, "</v3/diagnostics/sync>; rel=successor-version");
      assert.equal(res.headers.sunset, undefined);
    });
  });

  describe("unexpected errors", () => {
    test("500 internal_error hides the message and the process keeps serving", async () => {
      const broken = await startTestApp({
        clock: {
          now() {
            throw new TypeError("clock exploded: secret detail");
          },
        },
      });
      try {
        const res = await broken.client.request("GET", "/v3/diagnostics/sync", {
          headers: { authorization: "Bearer x.y" },
        });
        assertProblem(res, 500, "internal_error", "/v3/diagnostics/sync");
        assert.ok(!res.text.includes("secret detail"));
        assert.equal((await broken.client.request("GET", "/ping")).status, 200);
      } finally {
        await broken.close();
      }
    });
  });
});

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

test("/openapi.json validates as OpenAPI 3.1", async () => {
  const res = await t.client.request("GET", "/openapi.json");
  assert.equal(res.status, 200);
  const document = res.json();
  assert.equal(document.openapi, "3.1.0");
  const validator = new Validator();
  const result = await validator.validate(document);
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 2000));
  assert.equal(validator.version, "3.1");
});

test("every frozen route is marked deprecated, and no /v3 route is", async () => {
  const { paths } = (await t.client.request("GET", "/openapi.json")).json();
  const operations = Object.entries(
    paths as Record<string, Record<string, { deprecated?: boolean }>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ["get", "post", "put"].includes(method))
      .map(([method, operation]) => ({ path, method, deprecated: operation.deprecated === true })),
  );
  const frozen = operations.filter(
    (o) =>
      o.path === "/auth/login" ||
      o.path.startsWith("/sync") ||
      o.path.startsWith("/v1/") ||
      o.path.startsWith("/scoresheets/"),
  );
  assert.ok(frozen.length >= 2);
  for (const operation of frozen)
    assert.equal(operation.deprecated, true, `${operation.method} ${operation.path}`);
  for (const operation of operations.filter((o) => o.path.startsWith("/v3/"))) {
    assert.equal(operation.deprecated, false, `${operation.method} ${operation.path}`);
  }
});

test("security in the document is read off the route declarations", async () => {
  const { paths } = (await t.client.request("GET", "/openapi.json")).json();
  assert.deepEqual(paths["/v3/sessions"].post.security, []);
  assert.deepEqual(paths["/v3/diagnostics/sync"].get.security, [{ syncSecret: [] }, { operatorToken: [] }]);
  assert.ok(paths["/v3/diagnostics/sync"].get.responses["401"], "401 is documented");
});

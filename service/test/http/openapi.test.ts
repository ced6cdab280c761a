import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startTestApp, type TestApp } from "../support/app.ts";

let t: TestApp;
describe("the OpenAPI document", () => {
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

  /** The codes an error response's description lists (`code: a, b`), or undefined for other text. */
  const listedCodes = (text: unknown) =>
    typeof text === "string" && text.startsWith("code: ") ? text.slice(6).split(", ") : undefined;

  /**
   * Where `current` takes something away from or changes in `released`: objects may gain members,
   * a response schema's `required` list may gain names (a new response member that is always
   * there: "adding a response member" is not breaking, Versioning rule 4), and an error response's
   * list of codes may gain codes; everything else (arrays, strings, numbers, a request's
   * `required`) must be equal. `info.version` is the package version.
   */
  function removalsOrChanges(released: unknown, current: unknown, path = "$"): string[] {
    if (path === "$.info.version") return [];
    if (path.endsWith(".content.application/x-ndjson.schema") && linesOfText(released, current)) return [];
    if (/\.responses\..*\.required$/.test(path) && Array.isArray(released) && Array.isArray(current)) {
      const removed = released.filter((name) => !current.includes(name));
      return removed.length === 0 ? [] : [`${path} no longer has ${removed.join(", ")}`];
    }
    const [before, after] = [listedCodes(released), listedCodes(current)];
    if (before && after) {
      const lost = before.filter((code) => !after.includes(code));
      return lost.length === 0 ? [] : [`${path} lost ${lost.join(", ")}`];
    }
    if (released !== null && typeof released === "object" && !Array.isArray(released)) {
      if (current === null || typeof current !== "object" || Array.isArray(current))
        return [`${path} is no longer an object`];
      return Object.entries(released).flatMap(([key, value]) =>
        key in current
          ? removalsOrChanges(value, (current as Record<string, unknown>)[key], `${path}.${key}`)
          : [`${path}.${key} was removed`],
      );
    }
    return JSON.stringify(released) === JSON.stringify(current) ? [] : [`${path} changed`];
  }

  /**
   * A stream 3.0.1 described only as text (`type: string`, its lines in words) now declared line by
   * line (an object, or a union of objects, per line): the bytes on the wire are the same, the
   * document says more (docs/decisions.md, "Scoresheet progress lines").
   */
  function linesOfText(released: unknown, current: unknown): boolean {
    const texts = (released as { anyOf?: Array<{ type?: string }> }).anyOf ?? [released as { type?: string }];
    const lines = (current as { anyOf?: Array<{ type?: string }> }).anyOf ?? [current as { type?: string }];
    return (
      texts.every((schema) => schema.type === "string") && lines.every((schema) => schema.type === "object")
    );
  }

  test("/openapi.json keeps every member of the 3.0.1 document: it only gains (fixture dumped from 3.0.1)", async () => {
    const released = JSON.parse(
      await readFile(new URL("./fixtures/openapi-3.0.1.json", import.meta.url), "utf8"),
    );
    const current = (await t.client.request("GET", "/openapi.json")).json();
    assert.deepEqual(removalsOrChanges(released, current), []);
    assert.deepEqual(removalsOrChanges({ a: [1], b: { c: 1 } }, { a: [1], b: { c: 1, d: 2 }, e: 3 }), []);
    assert.deepEqual(removalsOrChanges({ a: [1], b: { c: 1 } }, { a: [1, 2], b: {} }), [
      "$.a changed",
      "$.b.c was removed",
    ]);
    const schema = (required: string[]) => ({ schema: { required } });
    assert.deepEqual(
      removalsOrChanges(
        { requestBody: schema(["a"]), responses: { 200: schema(["a", "b"]) } },
        { requestBody: schema(["a", "c"]), responses: { 200: schema(["a", "c"]) } },
      ),
      ["$.requestBody.schema.required changed", "$.responses.200.schema.required no longer has b"],
    );
    assert.deepEqual(removalsOrChanges({ d: "code: a, c" }, { d: "code: a, b, c" }), []);
    assert.deepEqual(removalsOrChanges({ d: "code: a, c" }, { d: "code: a, b" }), ["$.d lost c"]);
  });
});

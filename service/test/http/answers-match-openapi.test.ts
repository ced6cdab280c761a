// Every answer the route tests receive is checked against /openapi.json (support/app.ts wraps the
// test client with support/openapi-answers.ts). This file proves the check can fail: a route that
// answers a member its 2xx schema does not declare, or misses a required one, fails the request
// that received it, over a real h2c connection.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import swagger from "@fastify/swagger";
import { Type } from "@sinclair/typebox";
import Fastify, { type FastifyInstance } from "fastify";
import { openApiOptions } from "../../src/http/openapi.ts";
import { registerRoutes } from "../../src/http/register-routes.ts";
import { defineRoute } from "../../src/http/route.ts";
import { checkedAgainstOpenApi } from "../support/app.ts";
import { h2c } from "../support/h2c.ts";
import { answerChecker, type OpenApiDocument } from "../support/openapi-answers.ts";

const Court = Type.Object({ court: Type.String(), matchNumber: Type.Integer() });
const route = (url: string, handler: () => Promise<unknown>) =>
  defineRoute({
    method: "GET",
    url,
    operationId: url.slice(1).replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
    summary: url,
    auth: ["none"],
    response: { 200: Court },
    handler: handler as () => Promise<{ court: string; matchNumber: number }>,
  });

/** A body built elsewhere (not a literal in the handler), as a service's answer is. */
const withExtra = { court: "1", matchNumber: 101, umpire: "Ana" };

// The type of `handler` refuses the same mistakes where they are written: without the expected
// errors below, tsc -b fails. (A body built elsewhere with a member too many is the answers' check's.)
const declaration = { method: "GET", url: "/t", operationId: "t", summary: "t", auth: ["none"] } as const;
export const refusedByTheTypes = [
  defineRoute({
    ...declaration,
    response: { 200: Court },
    // @ts-expect-error a required member missing
    handler: async () => ({ court: "1" }),
  }),
  defineRoute({
    ...declaration,
    response: { 200: Court },
    // @ts-expect-error a member of the wrong type
    handler: async () => ({ court: "1", matchNumber: "101" }),
  }),
];

let app: FastifyInstance;
let client: ReturnType<typeof h2c>;
describe("answers checked against /openapi.json", () => {
  before(async () => {
    app = Fastify({ http2: true }) as unknown as FastifyInstance;
    // As the service does: bodies are written as they are, never trimmed to the schema.
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await app.register(swagger, openApiOptions());
    registerRoutes(
      app,
      [
        route("/declared", async () => ({ court: "1", matchNumber: 101 })),
        route("/extra-member", async () => withExtra),
        route("/missing-member", async () => ({ court: "1" })),
        route("/wrong-type", async () => ({ court: "1", matchNumber: "101" })),
      ],
      () => ({ kind: "none" }) as never,
    );
    app.get("/openapi.json", async () => app.swagger());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;
    const reader = h2c(url);
    const document = (await reader.request("GET", "/openapi.json")).json() as OpenApiDocument;
    reader.close();
    client = checkedAgainstOpenApi(h2c(url), answerChecker(document));
  });
  after(async () => {
    client.close();
    await app.close();
  });

  test("an answer its schema declares passes", async () => {
    const answer = await client.request("GET", "/declared");
    assert.deepEqual(answer.json(), { court: "1", matchNumber: 101 });
  });

  test("a member the 2xx schema does not declare fails the request", async () => {
    await assert.rejects(client.request("GET", "/extra-member"), /\/extra-member answered 200.*umpire/s);
  });

  test("a required member missing fails the request", async () => {
    await assert.rejects(
      client.request("GET", "/missing-member"),
      /must have required property 'matchNumber'/,
    );
  });

  test("a member of the wrong type fails the request", async () => {
    await assert.rejects(client.request("GET", "/wrong-type"), /\/matchNumber must be integer/);
  });

  test("a status the route does not declare fails the request", () => {
    const check = answerChecker({
      paths: { "/declared": { get: { responses: { 200: { content: {} } } } } },
    });
    assert.deepEqual(check("GET", "/declared", { status: 202, contentType: undefined, text: "" }), [
      "GET /declared answered 202, a status the route does not declare",
    ]);
  });
});

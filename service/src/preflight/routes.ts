import { Type } from "@sinclair/typebox";
import { defineRoute, type RouteDefinition } from "../http/route.ts";
import { CHECK_KINDS, CHECK_STATUSES } from "./check.ts";
import type { Preflight } from "./index.ts";

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

const PreflightReport = Type.Object({
  ok: Type.Boolean({ description: "true when no check failed" }),
  ready: Type.Boolean({
    description:
      "true when every check passed: nothing fails, nothing asks to be looked at, nothing is left unchecked (ready for the day)",
  }),
  checkedAt: Type.String({ format: "date-time" }),
  checks: Type.Array(
    Type.Object({
      check: literals(CHECK_KINDS),
      subject: Type.String({
        description: "what was checked: a file, a workbook and its facilities, an address",
      }),
      status: literals(CHECK_STATUSES),
      detail: Type.String({ description: "what was found" }),
      fix: Type.Optional(Type.String({ description: "the fix in one sentence, on a failure or a warning" })),
    }),
  ),
});

/**
 * `GET /v3/diagnostics/preflight` (secret or operator): the preflight against this instance's
 * configuration, its `config.json` check comparing `apiUrl` with the address the request came to.
 */
export function preflightRoutes(preflight: Preflight): RouteDefinition[] {
  return [
    defineRoute({
      method: "GET",
      url: "/v3/diagnostics/preflight",
      operationId: "getPreflight",
      summary:
        "Check the production setup end to end (data repository and token, registry, workbooks, relay, pages) without changing anything",
      auth: ["secret", "operator"],
      tags: ["sync"],
      response: { 200: PreflightReport },
      handler: async (request) => preflight.run(`${request.protocol}://${request.host}`),
    }),
  ];
}

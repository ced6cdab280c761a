import { Type } from "@sinclair/typebox";
import type { RegistryStore } from "../registry/store.ts";
import { APP_VERSION } from "../shared/version.ts";
import { defineRoute, type RouteDefinition } from "./route.ts";

const PING_BODY = Buffer.from(JSON.stringify({ status: "ok", version: APP_VERSION }));

/** `X-Sync-Config`: the short revision id and the source of the cached registry, never a fetch. */
function syncConfigHeader(registry: RegistryStore): string {
  const loaded = registry.peek();
  return loaded ? `${loaded.revision.slice(0, 7)} ${loaded.source}` : "none";
}

/** `GET /ping` and `GET /openapi.json`: outside any version, never changed. */
export function healthRoutes(registry: RegistryStore, openApi: () => object): RouteDefinition[] {
  return [
    defineRoute({
      method: "GET",
      url: "/ping",
      operationId: "ping",
      summary: "Health check",
      tags: ["health"],
      auth: ["none"],
      response: { 200: Type.Object({ status: Type.Literal("ok"), version: Type.String() }) },
      // The busiest route: answered synchronously with bytes made once, no promise, no serializer.
      handler: (_request, reply) => {
        reply
          .header("X-App-Version", APP_VERSION)
          .header("X-Sync-Config", syncConfigHeader(registry))
          .type("application/json; charset=utf-8")
          .send(PING_BODY);
        return undefined;
      },
    }),
    defineRoute({
      method: "GET",
      url: "/openapi.json",
      operationId: "getOpenApi",
      summary: "This API's OpenAPI 3.1 description, generated from the route declarations",
      tags: ["health"],
      auth: ["none"],
      response: { 200: Type.Object({}, { additionalProperties: true }) },
      handler: async () => openApi(),
    }),
  ];
}

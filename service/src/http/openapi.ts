import type { SwaggerOptions } from "@fastify/swagger";
import { APP_VERSION } from "../shared/version.ts";

/** The OpenAPI 3.1 frame; paths, schemas, security and `deprecated` come from the route declarations. */
export function openApiOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Tournament operations service",
        version: APP_VERSION,
        description:
          "Live-data sync, scoresheets, attendance and score entry for badminton tournaments. " +
          "Errors on /v3 are RFC 9457 problem details; frozen routes answer { error, code }.",
        license: { name: "GPL-3.0-or-later", identifier: "GPL-3.0-or-later" },
      },
      // Relative: the document describes the server that serves it (the local stack's front, or the
      // Cloud Run URL in production), so a client made from it needs only that address.
      servers: [{ url: "/", description: "the server this document was read from" }],
      components: {
        securitySchemes: {
          operatorToken: {
            type: "http",
            scheme: "bearer",
            description: "operator token from POST /v3/sessions",
          },
          deskToken: { type: "http", scheme: "bearer", description: "desk link token (day-scoped)" },
          scorerToken: { type: "http", scheme: "bearer", description: "scorer link token (day-scoped)" },
          syncSecret: { type: "apiKey", in: "header", name: "X-Sync-Secret" },
        },
      },
    },
  };
}

import { type TSchema, Type } from "@sinclair/typebox";
import { frozenTwin } from "../http/frozen.ts";
import type { RouteDefinition, RouteRequest } from "../http/route.ts";
import { defineRoute } from "../http/route.ts";
import { JsonBody } from "../http/schemas.ts";
import type { Sessions } from "./sessions.ts";

const Credentials = JsonBody({
  username: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1000 }),
});
const Session = Type.Object({
  token: Type.String(),
  expiresAt: Type.Integer({ description: "epoch milliseconds" }),
});

/** Sign-in: `POST /v3/sessions` (201) and the frozen `POST /auth/login` (200). */
export function sessionRoutes(sessions: Sessions): RouteDefinition[] {
  const signIn = async (request: RouteRequest<typeof Credentials, TSchema, TSchema>) =>
    sessions.signIn(request.ip, request.body);
  const v3 = defineRoute({
    method: "POST",
    url: "/v3/sessions",
    operationId: "signIn",
    summary: "Sign in as the operator",
    tags: ["sessions"],
    auth: ["none"],
    body: Credentials,
    bodyRequired: true,
    response: { 201: Session },
    errors: ["unauthorized", "rate_limited", "service_busy"],
    // A throttled caller is answered before its body is read (the frozen twin inherits it).
    beforeBody: (request) => sessions.refuseThrottled(request.ip),
    handler: async (request, reply) => reply.code(201).send(await signIn(request)),
  });
  return [
    v3,
    frozenTwin(
      v3,
      {
        url: "/auth/login",
        summary: "Sign in as the operator (frozen; answers 200)",
        response: { 200: Session },
      },
      { handler: signIn },
    ),
  ];
}

import { type TSchema, Type } from "@sinclair/typebox";
import { DEVICE_PROOF_HEADER } from "../../auth/device-proofs.ts";
import type { OperatorPrincipal } from "../../auth/guard.ts";
import type { Sessions } from "../../auth/sessions.ts";
import type { SignedOutSessions } from "../../auth/signed-out-sessions.ts";
import { frozenTwin } from "../../http/frozen.ts";
import type { RouteDefinition, RouteRequest } from "../../http/route.ts";
import { defineRoute } from "../../http/route.ts";
import { JsonBody } from "../../http/schemas.ts";

const Credentials = JsonBody({
  username: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1000 }),
});
const Session = Type.Object({
  token: Type.String(),
  expiresAt: Type.Integer({ description: "epoch milliseconds" }),
});
const SessionWithDevice = Type.Object({
  ...Session.properties,
  deviceProof: Type.String({
    description:
      "this browser's device proof (180 days): keep it and send it as `X-Device-Proof` with later sign-ins, which are then throttled per device rather than per address",
  }),
});
const SessionRevocation = Type.Object({
  revokedAt: Type.Integer({ description: "when the session was signed out; epoch milliseconds" }),
  expiresAt: Type.Integer({
    description: "when its token would have expired (the sign-out is kept until then); epoch milliseconds",
  }),
});

/**
 * Sign-in: `POST /v3/sessions` (201) and the frozen `POST /auth/login` (200). Sign-out: `PUT
 * /v3/sessions/current/revocation` (operator only, no body, no frozen twin: a minor-version addition)
 * ends the session of the token it is called with, on every instance within `SYNC_CONFIG_TTL_MS`.
 */
export function sessionRoutes(sessions: Sessions, signedOut: SignedOutSessions): RouteDefinition[] {
  const signIn = async (request: RouteRequest<typeof Credentials, TSchema, TSchema>) =>
    sessions.signIn(request.ip, request.body, proofOf(request));
  const v3 = defineRoute({
    method: "POST",
    url: "/v3/sessions",
    operationId: "signIn",
    summary: "Sign in as the operator",
    tags: ["sessions"],
    auth: ["none"],
    body: Credentials,
    bodyRequired: true,
    response: { 201: SessionWithDevice },
    errors: ["unauthorized", "rate_limited", "service_busy"],
    // A throttled caller is answered before its body is read (the frozen twin inherits it).
    beforeBody: (request) => sessions.refuseThrottled(request.ip, proofOf(request)),
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
      {
        // The frozen answer stays as released: no device proof (a frozen caller is throttled per address).
        handler: async (request) => {
          const { token, expiresAt } = await signIn(request);
          return { token, expiresAt };
        },
      },
    ),
    defineRoute({
      method: "PUT",
      url: "/v3/sessions/current/revocation",
      operationId: "signOut",
      summary: "Sign out: the token is refused on every instance within SYNC_CONFIG_TTL_MS",
      tags: ["sessions"],
      auth: ["operator"],
      response: { 200: SessionRevocation },
      errors: ["forbidden", "conflict", "config_unavailable", "upstream_failure"],
      handler: async (request) => {
        const { revokedAt, expiresAt } = await signedOut.signOut(request.principal as OperatorPrincipal);
        return { revokedAt, expiresAt };
      },
    }),
  ];
}

/** The device proof a sign-in brings in `X-Device-Proof` (./auth/device-proofs.ts), if any. */
function proofOf(request: { headers: Record<string, string | string[] | undefined> }): string | undefined {
  const proof = request.headers[DEVICE_PROOF_HEADER];
  return typeof proof === "string" ? proof : undefined;
}

import { Type } from "@sinclair/typebox";
import type { AppContext } from "../app-context.ts";
import type { RouteDefinition } from "../http/route.ts";
import { defineRoute } from "../http/route.ts";
import { AppError } from "../shared/errors.ts";
import { verifyPassword } from "./password.ts";

const Credentials = Type.Object(
  { username: Type.String({ maxLength: 200 }), password: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
const Session = Type.Object({
  token: Type.String(),
  expiresAt: Type.Integer({ description: "epoch milliseconds" }),
});

/** Sign-in: `POST /v3/sessions` (201) and the frozen `POST /auth/login` (200). */
export function sessionRoutes(ctx: AppContext): RouteDefinition[] {
  const signIn = async (ip: string, body: { username: string; password: string }) => {
    const now = ctx.clock.now();
    const wait = ctx.signInThrottle.retryAfterMs(ip, now);
    if (wait > 0) {
      const seconds = String(Math.ceil(wait / 1000));
      throw new AppError(
        "rate_limited",
        "too many failed sign-ins; try again later",
        {},
        { "Retry-After": seconds },
      );
    }
    const ok = await verifyPassword(ctx.config.auth.passwordHash, body.username, body.password);
    if (!ok || !ctx.signer) {
      ctx.signInThrottle.recordFailure(ip, now);
      throw new AppError("unauthorized", "wrong username or password");
    }
    return ctx.signer.issueOperator(ctx.clock.now(), ctx.config.auth.tokenTtlMs);
  };
  const common = {
    method: "POST",
    auth: ["none"],
    tags: ["sessions"],
    body: Credentials,
    bodyRequired: true,
    errors: ["unauthorized", "rate_limited"],
  } as const;
  return [
    defineRoute({
      ...common,
      url: "/v3/sessions",
      summary: "Sign in as the operator",
      response: { 201: Session },
      handler: async (request, reply) => reply.code(201).send(await signIn(request.ip, request.body)),
    }),
    defineRoute({
      ...common,
      url: "/auth/login",
      summary: "Sign in as the operator (frozen; answers 200)",
      frozen: { successor: () => "/v3/sessions" },
      response: { 200: Session },
      handler: async (request) => signIn(request.ip, request.body),
    }),
  ];
}

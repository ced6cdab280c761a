import type { Static, TSchema } from "@sinclair/typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthKind, Principal } from "../auth/guard.ts";
import type { ErrorCode } from "../shared/errors.ts";
import type { Surface } from "./error-status.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Which error body the route answers (see `error-handler.ts`). */
    surface?: Surface;
  }
}

/**
 * The request a handler gets, typed from the route's TypeBox schemas (the routes' type provider):
 * `body`, `params` and `query` are the `Static` types of the declared schemas.
 */
export type RouteRequest<B extends TSchema, P extends TSchema, Q extends TSchema> = Omit<
  FastifyRequest,
  "body" | "params" | "query"
> & {
  /** The parsed body; `{}` when an optional body was not sent. */
  body: Static<B>;
  params: Static<P>;
  query: Static<Q>;
  /** The caller, as the route's auth kinds let it in. */
  principal: Principal;
};

/**
 * A route is a declaration: method, path, schemas, the auth kinds it accepts and a short handler.
 * The OpenAPI document and the spec's "Auth by route" table are read off these declarations.
 *
 * @example
 * defineRoute({
 *   method: "GET", url: "/v3/days/:day/visibility", auth: ["operator"],
 *   summary: "Read the go-live setting", params: DayParams,
 *   response: { 200: Visibility }, errors: ["unknown_day"],
 *   handler: async (request) => visibility.read(request.params.day),
 * });
 */
export interface RouteDefinition<
  B extends TSchema = TSchema,
  P extends TSchema = TSchema,
  Q extends TSchema = TSchema,
> {
  method: "GET" | "POST" | "PUT";
  /** Fastify path syntax (`:day`). */
  url: string;
  /**
   * The OpenAPI `operationId`, stable because clients name their methods by it: a verb and the
   * resource in camelCase (`syncDay`, `markAttendance`); a frozen twin's is its `/v3` route's with
   * `Frozen` (see `frozenTwin`).
   */
  operationId: string;
  summary: string;
  tags?: readonly string[];
  auth: readonly AuthKind[];
  /** For a frozen route: its `/v3` successor path with this request's parameters filled in. */
  frozen?: { successor(request: RouteRequest<B, P, Q>): string };
  body?: B;
  /** Whether a body is required when `body` is declared (default: optional). */
  bodyRequired?: boolean;
  params?: P;
  querystring?: Q;
  /** Success responses by status (schemas for the OpenAPI document). */
  response: Record<number, TSchema>;
  /** Media types of the success body; `Accept` is negotiated against them (default JSON). */
  produces?: readonly string[];
  /** `false` for a route that always answers its one media type, whatever `Accept` says. */
  negotiate?: boolean;
  /** Media type of the request body (default JSON). */
  consumes?: readonly string[];
  /** The error codes this route can answer, beyond the ones every route can. */
  errors?: readonly ErrorCode[];
  /**
   * A check run as the request arrives, before its body is read, parsed or validated: a refusal
   * that must cost (almost) nothing, such as the sign-in throttle. It throws an `AppError` to refuse.
   */
  beforeBody?(request: FastifyRequest): void;
  /** Resolves to the body, or answers through `reply`; a synchronous handler returns `undefined`. */
  handler(request: RouteRequest<B, P, Q>, reply: FastifyReply): Promise<unknown> | undefined;
}

/** Identity helper that keeps the schema types of a route declaration. */
export function defineRoute<B extends TSchema, P extends TSchema, Q extends TSchema>(
  route: RouteDefinition<B, P, Q>,
): RouteDefinition<B, P, Q> {
  return route;
}

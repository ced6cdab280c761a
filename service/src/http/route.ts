import type { Readable } from "node:stream";
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

/** The statuses whose body a handler resolves to (the rest are errors, thrown as `AppError`). */
type SuccessStatus = 200 | 201 | 202 | 203 | 206;

/**
 * A body a handler sends already encoded, which no schema describes as a value: a PDF's bytes, a
 * stream of NDJSON lines, bytes made once (`/ping`).
 */
export type EncodedBody = Uint8Array | Readable;

/** The body a route's schema for `status` describes; none for a status it does not declare. */
type BodyOf<R extends Record<number, TSchema>, S extends number> = S extends keyof R ? Static<R[S]> : never;

/**
 * The reply a checked handler answers through: `code(status)` takes only a status the route
 * declares, and `send` only a body of that status's schema (200 until `code` says otherwise), or
 * an {@link EncodedBody}. So a handler that answers through `reply.send()` (the sign-in, a link's
 * issue, a frozen score save) is checked by the compiler as a returned body is
 * (service/test/http/reply-types.test.ts shows what does not compile). The object is Fastify's
 * own reply; only its type is narrowed.
 */
export interface AnswerReply<R extends Record<number, TSchema>, S extends number = 200>
  extends Omit<FastifyReply, "code" | "status" | "send" | "header" | "headers" | "type"> {
  code<N extends keyof R & number>(status: N): AnswerReply<R, N>;
  status<N extends keyof R & number>(status: N): AnswerReply<R, N>;
  header(key: string, value: unknown): AnswerReply<R, S>;
  headers(values: Record<string, unknown>): AnswerReply<R, S>;
  type(contentType: string): AnswerReply<R, S>;
  send(body: BodyOf<R, S> | EncodedBody): FastifyReply;
}

/**
 * What a handler may resolve to: a body of one of the 2xx schemas the route declares (`Static`
 * of each), or the `reply` it answered through itself (a PDF, a stream, a 204, headers).
 */
export type HandlerResult<R extends Record<number, TSchema>> =
  | { [S in keyof R & SuccessStatus]: Static<R[S]> }[keyof R & SuccessStatus]
  | FastifyReply;

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
  /** A success body's schema for one media type of `produces`, where it is not the `response` schema (a stream's line). */
  bodyByMediaType?: Readonly<Record<string, TSchema>>;
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
  /**
   * Called once the answer has been sent, whatever it was, a refusal before the handler included:
   * a record of who called and how it went (the workbooks' edit triggers). It must not throw.
   */
  onAnswered?(request: FastifyRequest, reply: FastifyReply): void;
  /** Resolves to the body, or answers through `reply`; a synchronous handler returns `undefined`. */
  handler(request: RouteRequest<B, P, Q>, reply: FastifyReply): Promise<unknown> | undefined;
}

/**
 * A declaration whose handler resolves to a body of one of its declared 2xx schemas, or sends one
 * through its {@link AnswerReply}: a member they do not declare, or a required one missing, does
 * not compile (and
 * service/test/http/answers-match-openapi.test.ts checks every answer the route tests receive).
 */
export type CheckedRoute<
  B extends TSchema,
  P extends TSchema,
  Q extends TSchema,
  R extends Record<number, TSchema>,
> = Omit<RouteDefinition<B, P, Q>, "response" | "handler"> & {
  response: R;
  handler(request: RouteRequest<B, P, Q>, reply: AnswerReply<R>): Promise<HandlerResult<R>> | undefined;
};

/** Keeps the schema types of a route declaration, and checks its handler's result against its 2xx schemas. */
export function defineRoute<
  B extends TSchema,
  P extends TSchema,
  Q extends TSchema,
  const R extends Record<number, TSchema>,
>(route: CheckedRoute<B, P, Q, R>): RouteDefinition<B, P, Q> {
  // The handler is given Fastify's own reply; its narrowed type (`AnswerReply`) is for the compiler only.
  return route as unknown as RouteDefinition<B, P, Q>;
}

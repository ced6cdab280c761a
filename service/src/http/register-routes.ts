import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Authenticate, AuthKind, Principal } from "../auth/guard.ts";
import { AppError } from "../shared/errors.ts";
import { PROBLEM_JSON } from "./error-handler.ts";
import { type Surface, statusFor } from "./error-status.ts";
import { DEPRECATION_HEADER } from "./frozen.ts";
import { acceptsOneOf, mediaTypeOf } from "./negotiation.ts";
import type { RouteDefinition } from "./route.ts";
import { PlainError, ProblemDetails } from "./schemas.ts";

const SECURITY_SCHEME: Record<Exclude<AuthKind, "none">, string> = {
  secret: "syncSecret",
  operator: "operatorToken",
  desk: "deskToken",
  scorer: "scorerToken",
};

const JSON_TYPE = "application/json";
const PUBLIC = Object.freeze({ kind: "none" as const });
const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

function surfaceOf(route: RouteDefinition): Surface {
  if (route.frozen) return "frozen";
  return route.url.startsWith("/v3/") ? "v3" : "outside";
}

/** The error responses a route can give, grouped by status, for the OpenAPI document. */
function errorResponses(route: RouteDefinition, surface: Surface) {
  const codes = new Set(route.errors ?? []);
  codes.add("internal_error");
  if (!route.auth.includes("none")) codes.add("unauthorized");
  if (route.negotiate !== false) codes.add("not_acceptable");
  if (route.body)
    for (const code of ["bad_request", "unsupported_media_type", "payload_too_large"] as const)
      codes.add(code);
  if (route.body || route.querystring) codes.add("validation_error");
  // A body that misses its deadline (./server-limits.ts); listed on `/v3` only, the frozen documents stay as released.
  if (surface === "v3" && (route.body || route.consumes !== undefined)) codes.add("request_timeout");
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = statusFor(code, surface);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const mediaType = surface === "v3" ? PROBLEM_JSON : JSON_TYPE;
  const schema = surface === "v3" ? ProblemDetails : PlainError;
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      { description: `code: ${list.sort().join(", ")}`, content: { [mediaType]: { schema } } },
    ]),
  );
}

/**
 * A route whose answer can carry a token (sign-in, desk and scorer link issues, their frozen twins):
 * a success schema with a `token` member. Its every answer is `Cache-Control: no-store`, so no
 * browser cache, proxy or back-forward cache keeps a token (RFC 9111 §5.2.2.5).
 */
function carriesToken(route: RouteDefinition): boolean {
  return Object.values(route.response).some(
    (schema) => "token" in ((schema as { properties?: object }).properties ?? {}),
  );
}

const NO_STORE_HEADER = {
  "Cache-Control": {
    type: "string",
    const: "no-store",
    description: "the answer carries a token: never stored by a browser or a proxy",
  },
};

function successResponses(route: RouteDefinition) {
  const produces = route.produces ?? [JSON_TYPE];
  const headers = carriesToken(route) ? NO_STORE_HEADER : undefined;
  return Object.fromEntries(
    Object.entries(route.response).map(([status, schema]) => [
      status,
      definedOnly({
        description: schema.description ?? "success",
        headers,
        content: Object.fromEntries(
          produces.map((type) => [type, { schema: route.bodyByMediaType?.[type] ?? schema }]),
        ),
      }),
    ]),
  );
}

/** Fastify warns about schema keys that are present but undefined. */
function definedOnly<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

function hasBody(request: FastifyRequest) {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined;
}

function toFastify(route: RouteDefinition, authenticate: Authenticate): RouteOptions {
  const surface = surfaceOf(route);
  const consumes = route.consumes ?? [JSON_TYPE];
  const produces = route.produces ?? [JSON_TYPE];
  const acceptable = produces.includes(JSON_TYPE) ? [...produces, PROBLEM_JSON] : produces;
  const isPublic = route.auth.includes("none");
  const noStore = carriesToken(route);
  return {
    method: route.method,
    url: route.url,
    config: { surface },
    schema: definedOnly({
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags ? [...route.tags] : undefined,
      deprecated: route.frozen ? true : undefined,
      security: route.auth.includes("none")
        ? []
        : route.auth.map((kind) => ({ [SECURITY_SCHEME[kind as Exclude<AuthKind, "none">]]: [] })),
      params: route.params,
      querystring: route.querystring,
      body: route.body,
      response: { ...successResponses(route), ...errorResponses(route, surface) },
    }),
    // Callback-style hooks: no promise per request on the hot path.
    onRequest: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      if (route.frozen) {
        reply.header("Deprecation", DEPRECATION_HEADER);
        reply.header("Link", `<${route.frozen.successor(request as never)}>; rel=successor-version`);
      }
      if (noStore) reply.header("Cache-Control", "no-store");
      if (route.negotiate !== false && !acceptsOneOf(request.headers, acceptable)) {
        return done(new AppError("not_acceptable", `this route answers ${produces.join(" or ")}`));
      }
      const contentType = mediaTypeOf(request.headers["content-type"]);
      if (hasBody(request) && (contentType === undefined || !consumes.includes(contentType))) {
        return done(new AppError("unsupported_media_type", `send the body as ${consumes.join(" or ")}`));
      }
      if (route.beforeBody) {
        try {
          route.beforeBody(request);
        } catch (error) {
          return done(error as Error);
        }
      }
      done();
    },
    preValidation: (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const admitted = (principal: Principal) => {
        (request as FastifyRequest & { principal: unknown }).principal = principal;
        if (route.body && request.body === undefined) {
          if (route.bodyRequired) return done(new AppError("validation_error", "a JSON body is required"));
          request.body = {};
        }
        done();
      };
      let principal: Principal | Promise<Principal>;
      try {
        principal = isPublic ? PUBLIC : authenticate(request.headers, route.auth);
      } catch (error) {
        return done(error as Error);
      }
      // Only a link, or an operator whose instance must read the signed-out sessions again, waits.
      if (principal instanceof Promise) principal.then(admitted, done);
      else admitted(principal);
    },
    // The one place Fastify's request meets a declaration's types: the schemas were checked above.
    handler: (request: FastifyRequest, reply: FastifyReply) => route.handler(request as never, reply),
    ...(route.onAnswered
      ? {
          onResponse: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
            route.onAnswered?.(request, reply);
            done();
          },
        }
      : {}),
  };
}

/**
 * Registers route declarations. A body that would let unknown members through is a declaration
 * mistake, refused here before the app listens (use `JsonBody`).
 */
export function registerRoutes(
  app: FastifyInstance,
  routes: readonly RouteDefinition[],
  authenticate: Authenticate,
) {
  for (const route of routes) {
    if (route.body && route.body["additionalProperties"] !== false) {
      throw new Error(`${route.method} ${route.url}: its body must refuse unknown members (use JsonBody)`);
    }
    app.route(toFastify(route, authenticate));
  }
}

/**
 * Answers 405 with `Allow` for every other method on each known `/v3` path (hidden from the
 * OpenAPI document). Given every route, wherever it was registered, so each path's `Allow` is whole.
 */
export function registerMethodNotAllowed(app: FastifyInstance, routes: readonly RouteDefinition[]) {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of routes) {
    if (!route.url.startsWith("/v3/")) continue;
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
    methodsByPath.set(route.url, methods);
  }
  for (const [url, methods] of methodsByPath) {
    const allow = [...methods].join(", ");
    app.route({
      method: ALL_METHODS.filter((method) => !methods.has(method)),
      url,
      config: { surface: "v3" },
      schema: { hide: true },
      handler: async (_request, reply) => {
        reply.header("Allow", allow);
        throw new AppError("method_not_allowed", `this path answers ${allow}`);
      },
    });
  }
}

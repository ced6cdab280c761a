import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../shared/errors.ts";
import { type Surface, statusFor } from "./error-status.ts";

export const REALM = "tournament-ops";
export const PROBLEM_JSON = "application/problem+json";

/** Frameworks' own errors (body parsing, multipart) that map to a code of ours. */
const FOREIGN_CODES: Record<string, AppError["code"]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "unsupported_media_type",
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_REQ_FILE_TOO_LARGE: "payload_too_large",
  FST_FILES_LIMIT: "payload_too_large",
  FST_PARTS_LIMIT: "payload_too_large",
  FST_FIELDS_LIMIT: "payload_too_large",
};

/** Turns anything thrown into our one error type. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const foreign = error as Partial<FastifyError> & { validation?: unknown };
  if (foreign.validation) return new AppError("validation_error", String(foreign.message));
  const mapped = foreign.code ? FOREIGN_CODES[foreign.code] : undefined;
  if (mapped)
    return new AppError(
      mapped,
      mapped === "payload_too_large" ? "request body too large" : String(foreign.message),
    );
  const status = foreign.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return new AppError("bad_request", String(foreign.message ?? "bad request"));
  return new AppError("internal_error", "internal error");
}

/**
 * The surface of a request: from its route when it has one. A path no route answers gets the
 * frozen routes' plain body under their first segments (`/v1`, `/sync`, …), which 2.x clients
 * know, and problem details everywhere else (`/`, `/v3/…`, `/v2/…`).
 */
export function surfaceOf(request: FastifyRequest, frozenRoots: ReadonlySet<string>): Surface {
  const declared = (request.routeOptions.config as { surface?: Surface } | undefined)?.surface;
  if (declared) return declared;
  return frozenRoots.has(rootOf(request.url)) ? "frozen" : "v3";
}

/** The first path segment: `/v1/days/x?y` → `v1`. */
export const rootOf = (url: string) => url.split(/[/?]/, 2)[1] ?? "";

/** Writes an error in the body shape of the request's surface, and notes it for the request's log line. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: AppError,
  surface: Surface,
  cause?: unknown,
) {
  const status = statusFor(error.code, surface);
  reply.failure = { code: error.code, cause };
  if (status === 401) reply.header("WWW-Authenticate", `Bearer realm="${REALM}"`);
  if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
  if (surface !== "v3") {
    return (
      reply
        .code(status)
        .type("application/json; charset=utf-8")
        // The frozen shape never changes: `error`, `code`, and `current` on a score conflict only.
        .send({
          error: error.message,
          code: error.code,
          ...("current" in error.extra ? { current: error.extra.current } : {}),
        })
    );
  }
  return reply
    .code(status)
    .type(PROBLEM_JSON)
    .send({
      type: "about:blank",
      title: STATUS_CODES[status] ?? "Error",
      status,
      detail: error.message,
      instance: request.url.split("?")[0],
      code: error.code,
      error: error.message,
      ...error.extra,
    });
}

/**
 * The one error handler: every error becomes a code and a body (a 5xx's message hidden from the
 * caller), logged once in the request's log line (see `request-log.ts`), a 5xx with its stack.
 * After a streaming route has sent headers nothing is written. `frozenRoots` are the first path
 * segments of the frozen routes (see {@link surfaceOf}).
 */
export function installErrorHandler(app: FastifyInstance, frozenRoots: ReadonlySet<string>) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (reply.sent || reply.raw.headersSent) {
      reply.failure = { code: appError.code, cause: error };
      return;
    }
    return sendError(request, reply, appError, surfaceOf(request, frozenRoots), error);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new AppError("not_found", `no route for ${request.method} ${request.url.split("?")[0]}`),
      surfaceOf(request, frozenRoots),
    ),
  );
}

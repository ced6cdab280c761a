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

/** The surface of a request: from its route when it has one, else from its path. */
export function surfaceOf(request: FastifyRequest): Surface {
  const declared = (request.routeOptions.config as { surface?: Surface } | undefined)?.surface;
  if (declared) return declared;
  const path = request.url.split("?")[0] ?? "";
  return path === "/v3" || path.startsWith("/v3/") ? "v3" : "frozen";
}

/** Writes an error in the body shape of the request's surface. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const surface = surfaceOf(request);
  const status = statusFor(error.code, surface);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  if (status === 401) reply.header("WWW-Authenticate", `Bearer realm="${REALM}"`);
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
 * The one error handler: every error becomes a code and a body, logged once (5xx with the stack,
 * their message hidden from the caller). After a streaming route has sent headers nothing is written.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    const status = statusFor(appError.code, surfaceOf(request));
    if (status >= 500) request.log.error({ err: error, code: appError.code }, "request failed");
    else request.log.info({ code: appError.code, status }, appError.message);
    if (reply.sent || reply.raw.headersSent) return;
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new AppError("not_found", `no route for ${request.method} ${request.url.split("?")[0]}`),
    ),
  );
}

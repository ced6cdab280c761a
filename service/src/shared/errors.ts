/**
 * The one error type of the service. Features and adapters throw it with a stable `code`;
 * the HTTP layer alone decides the status and the body shape (see `http/error-status.ts`).
 *
 * @example
 * throw new AppError("unknown_day", `day "${day}" is not in the registry`);
 * throw new AppError("score_conflict", "the sheet changed", { current });
 * throw new AppError("service_busy", "try again shortly", {}, { retryAfterSeconds: 5 });
 */
export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: ErrorCode;
  /** Extra members rendered after the standard ones (for example `current`). */
  readonly extra: Record<string, unknown>;
  /** When the caller may try again, sent as `Retry-After` (a 429, or a 503 of a full queue). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.extra = extra;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The codes of the spec's Errors table, plus DESIGN.md's additions. */
export const ERROR_CODES = [
  "validation_error",
  "unknown_scoresheet_type",
  "unknown_day",
  "unknown_facility",
  "bad_request",
  "unauthorized",
  "forbidden",
  "score_entry_off",
  "not_found",
  "unknown_event",
  "method_not_allowed",
  "not_acceptable",
  "request_timeout",
  "conflict",
  "score_conflict",
  "attendance_layout",
  "calls_layout",
  "court_busy",
  "match_played",
  "payload_too_large",
  "unsupported_media_type",
  "schedule_layout",
  "rate_limited",
  "upstream_failure",
  "config_unavailable",
  "service_busy",
  "internal_error",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

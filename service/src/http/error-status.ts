import type { ErrorCode } from "../shared/errors.ts";

/** The HTTP status of each code on `/v3`. Frozen routes differ only where `FROZEN_STATUS` says. */
export const STATUS: Record<ErrorCode, number> = {
  validation_error: 400,
  unknown_scoresheet_type: 400,
  unknown_day: 404,
  unknown_facility: 404,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  score_entry_off: 403,
  not_found: 404,
  unknown_event: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  request_timeout: 408,
  conflict: 409,
  score_conflict: 409,
  attendance_layout: 409,
  calls_layout: 409,
  court_busy: 409,
  match_played: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  schedule_layout: 422,
  rate_limited: 429,
  upstream_failure: 502,
  config_unavailable: 503,
  service_busy: 503,
  internal_error: 500,
};

/** Frozen routes answer 400, not 404, for an unknown day or facility. */
const FROZEN_STATUS: Partial<Record<ErrorCode, number>> = { unknown_day: 400, unknown_facility: 400 };

/** Which body an answer gets: problem details on `/v3`, the plain `{ error, code }` elsewhere. */
export type Surface = "v3" | "frozen" | "outside";

export function statusFor(code: ErrorCode, surface: Surface): number {
  return (surface === "v3" ? undefined : FROZEN_STATUS[code]) ?? STATUS[code];
}

/**
 * Turns the service's errors (RFC 9457 problem details on `/v3`) into sentences a person at a
 * venue understands and can act on: what happened and what to do next, never a code alone.
 */

/** The members of a problem details body that pages read. */
export interface ProblemDetails {
  status?: number;
  code?: string;
  detail?: string;
  current?: unknown;
  /** Beside `current` on a `score_conflict`: who wrote it, the note on its score cells (`null`: none). */
  note?: string | null;
  /** Set on a 401 for a desk or scorer link the organisers revoked. */
  revoked?: boolean;
}

/** The sentence for a link the organisers revoked. */
export const REVOKED =
  "This link was revoked by the control desk, so it no longer works. Ask the control desk for a new one.";

const AGAIN = "Try again in a minute.";
const SENTENCES: Record<string, string> = {
  unauthorized:
    "This link or sign-in is no longer valid (it may have expired). Sign in again, or ask the control desk for a new link.",
  forbidden: "This link may not do that, or not on this day. Ask the control desk for the right link.",
  score_entry_off: "Score entry is switched off for this event. Ask the control desk.",
  score_conflict:
    "Someone changed this score in the meantime. Check the score the sheet holds now before you save yours.",
  not_found: "That was not found: it may have been renamed or removed. Reload the page.",
  unknown_event: "This event is not in the tournament's list any more. Reload the page.",
  unknown_day: "This day is not in the tournament's list any more. Reload the page.",
  unknown_facility: "This hall is not in the day's list any more. Reload the page.",
  conflict: "Others were saving at the same moment, so this was not saved. Try again.",
  service_busy: `The spreadsheet service is busy. ${AGAIN}`,
  config_unavailable: `The tournament's settings cannot be loaded right now. ${AGAIN}`,
  internal_error:
    "Something went wrong in the service. Try again; if it keeps happening, tell the control desk.",
};
/** Codes whose message from the service is meant for people as it is (it names the workbook and the fix). */
const DETAILED = new Set([
  "upstream_failure",
  "attendance_layout",
  "schedule_layout",
  "validation_error",
  "calls_layout",
  "court_busy",
  "match_played",
]);

/** The sentence when the service cannot be reached at all. */
export const UNREACHABLE = "The service cannot be reached. Check the connection and try again.";

/**
 * A sentence for a failed response.
 * @param retryAfter the `Retry-After` header (seconds), for a throttled sign-in
 * @example describeProblem(403, { code: "score_entry_off" }) // "Score entry is switched off for this event. Ask the control desk."
 */
export function describeProblem(
  status: number,
  body: ProblemDetails | undefined,
  retryAfter?: string | null,
): string {
  const code = body?.code;
  if (code === "unauthorized" && body?.revoked === true) return REVOKED;
  if (code === "rate_limited") {
    const minutes = Math.max(1, Math.ceil(Number(retryAfter ?? 60) / 60));
    return `Too many failed sign-ins. Wait ${minutes} minute${minutes === 1 ? "" : "s"}, then try again.`;
  }
  if (code !== undefined && Object.hasOwn(SENTENCES, code)) return SENTENCES[code] as string;
  if (code !== undefined && DETAILED.has(code) && body?.detail) return sentence(body.detail);
  if (status >= 500) return `The service had a problem (${status}). ${AGAIN}`;
  return `The service refused this request (${status}${code ? `, ${code}` : ""}). Reload the page and try again.`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

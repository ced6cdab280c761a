import { AppError } from "../shared/errors.ts";
import { LINK_LABEL_MAX, linkLabel, normaliseLabelText } from "../shared/link-rules.ts";
import type { Principal } from "./guard.ts";

/**
 * The label texts of desk and scorer links (`issuedTo`, `note`) and the attribution label built
 * from them. Shared by the attendance desk links and the score-entry scorer links, so both apply
 * exactly the spec's rules: text only, normalised and at most 40 code points
 * (`normaliseLabelText` and `LINK_LABEL_MAX` in `shared/link-rules.ts`, which the pages share).
 * Labels are attribution, not authentication.
 */

/**
 * Reads one optional label member of an issue body (`issuedTo` or `note`). Absent or `null` is
 * `null`; text is normalised; anything else, or text longer than 40 code points after
 * normalising, is 400 `validation_error` naming the member.
 * @example readLinkLabel(body.issuedTo, "issuedTo") // "Table 2" or null
 */
export function readLinkLabel(value: unknown, member: "issuedTo" | "note"): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new AppError("validation_error", `${member} must be text`);
  const text = normaliseLabelText(value);
  if (text !== null && [...text].length > LINK_LABEL_MAX) {
    throw new AppError("validation_error", `${member} must be at most ${LINK_LABEL_MAX} characters`);
  }
  return text;
}

/**
 * Reads both label members of an issue body. A body that is not an object is 400.
 * @example const { issuedTo, note } = readLinkLabels(request.body);
 */
export function readLinkLabels(body: unknown): { issuedTo: string | null; note: string | null } {
  if (body === undefined || body === null) return { issuedTo: null, note: null };
  if (typeof body !== "object" || Array.isArray(body)) {
    throw new AppError("validation_error", "the body must be an object with optional issuedTo and note");
  }
  const { issuedTo, note } = body as { issuedTo?: unknown; note?: unknown };
  return { issuedTo: readLinkLabel(issuedTo, "issuedTo"), note: readLinkLabel(note, "note") };
}

/** The fixed label of a signed-in operator's writes. */
export const OPERATOR_LABEL = "Operator console";

/**
 * Who a write is attributed to (a mark's `markedBy`, a score's note): for a desk or scorer link
 * `<issuedTo> (<note>)`, `<issuedTo>`, `<kind> (<note>)` or `<kind>`, depending on which of the two
 * are present; the fixed operator label otherwise.
 * @example writerLabel({ kind: "scorer", day: "open-sat", issuedTo: "Ana", note: "Court 3" }) // "Ana (Court 3)"
 * @example writerLabel({ kind: "desk", day: "open-sat" }) // "Desk link"
 */
export function writerLabel(principal: Principal): string {
  if (principal.kind !== "desk" && principal.kind !== "scorer") return OPERATOR_LABEL;
  return linkLabel(principal.kind, { issuedTo: principal.issuedTo ?? null, note: principal.note ?? null });
}

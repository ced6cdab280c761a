import { AppError } from "../shared/errors.ts";
import type { Principal } from "./guard.ts";

/**
 * The label texts of desk and scorer links (`issuedTo`, `note`) and the attribution label built
 * from them. Shared by the attendance desk links and the score-entry scorer links, so both apply
 * exactly the spec's rules: text only, trimmed, inner whitespace collapsed, control characters
 * (and format characters and lone surrogates, issue 16) removed, at most 40 code points. Labels
 * are attribution, not authentication.
 */

/** The longest `issuedTo` or `note`, in code points after normalising. */
export const LINK_LABEL_MAX_CODE_POINTS = 40;

// Removed in the trimming step: controls (C0, DEL, C1; whitespace controls such as tab and
// newline become spaces first), format characters (Cf: zero-width spaces and joiners, the BOM,
// the bidi controls U+202A–U+202E and U+2066–U+2069 that can make a label read backwards in a
// note), and lone surrogates (Cs), which are not text and cannot be written as UTF-8.
const CONTROL = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

/**
 * Normalises one label text: whitespace runs (tabs and newlines included) become one space,
 * control and format characters and lone surrogates are removed, the ends are trimmed. An empty
 * result is `null`.
 * @example normaliseLabelText("  Court\t 3 \u0007") // "Court 3"
 * @example normaliseLabelText("Ana\u202E nimdA\u200B") // "Ana nimdA"
 */
export function normaliseLabelText(text: string): string | null {
  const cleaned = text.replace(/\s+/gu, " ").replace(CONTROL, "").replace(/\s+/gu, " ").trim();
  return cleaned === "" ? null : cleaned;
}

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
  if (text !== null && [...text].length > LINK_LABEL_MAX_CODE_POINTS) {
    throw new AppError(
      "validation_error",
      `${member} must be at most ${LINK_LABEL_MAX_CODE_POINTS} characters`,
    );
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

/** What a link is called when it carries no `issuedTo`. */
const LINK_NAMES = { desk: "Desk link", scorer: "Scorer link" } as const;

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
  const name = principal.issuedTo || LINK_NAMES[principal.kind];
  return principal.note ? `${name} (${principal.note})` : name;
}

import { AppError } from "../../shared/errors.ts";
import { LAYOUT_TYPES, type LayoutType } from "./layout-types.ts";

/** The text parts of the scoresheet form, validated (DESIGN.md, "Scoresheet form"). */
export interface ScoresheetOptions {
  layout: LayoutType;
  /** `evt`: the title printed on every sheet. */
  title: string;
  /** `out`: the download file name, always ending in `.pdf`. */
  fileName: string;
  /** `blanks`: blank sheets appended after the matches. */
  blanks: number;
  /**
   * `facility`: the facility of the CSV's rows that name none (a facility's own `CSV` tab has no
   * `facility` column), so their sheets' QR codes can name it; "" when not sent.
   */
  facility: string;
}

const TITLE_MAX = 80;
/** A facility name longer than this is not one (registry names are short words). */
const FACILITY_MAX = 100;
const BLANKS_MAX = 200;
const FILE_NAME = /^[A-Za-z0-9._-]{1,80}$/;

/**
 * Validates the form's text parts; an absent or blank part takes its default.
 *
 * @throws AppError `unknown_scoresheet_type` for an unregistered `type`, `validation_error` naming the field.
 * @example
 * parseScoresheetOptions({ type: "best-of-3", out: "day1" }); // { layout: "best-of-3", fileName: "day1.pdf", ... }
 */
export function parseScoresheetOptions(
  fields: Readonly<Record<string, string | undefined>>,
): ScoresheetOptions {
  return {
    layout: parseLayout(fields["type"]),
    title: parseText("evt", fields["evt"], TITLE_MAX),
    fileName: parseFileName(fields["out"]),
    blanks: parseBlanks(fields["blanks"]),
    facility: parseText("facility", fields["facility"], FACILITY_MAX),
  };
}

/** Whether `value` names a registered layout. */
export function isLayoutType(value: string): value is LayoutType {
  return (LAYOUT_TYPES as readonly string[]).includes(value);
}

function parseLayout(raw: string | undefined): LayoutType {
  const value = raw?.trim() ?? "";
  if (value === "") return "standard";
  if (isLayoutType(value)) return value;
  throw new AppError(
    "unknown_scoresheet_type",
    `scoresheet type "${value.slice(0, 40)}" is not registered; use one of ${LAYOUT_TYPES.join(", ")}`,
  );
}

/** A text part with control characters and runs of whitespace made one space, trimmed, at most `max` code points. */
function parseText(name: string, raw: string | undefined, max: number): string {
  const value = (raw ?? "")
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if ([...value].length > max) {
    throw new AppError("validation_error", `${name} must be at most ${max} characters`);
  }
  return value;
}

function parseFileName(raw: string | undefined): string {
  const value = raw?.trim() ?? "";
  if (value === "") return "scoresheets.pdf";
  if (!FILE_NAME.test(value)) {
    throw new AppError(
      "validation_error",
      "out must be 1 to 80 characters of A-Z, a-z, 0-9, '.', '_' or '-'",
    );
  }
  return value.toLowerCase().endsWith(".pdf") ? value : `${value}.pdf`;
}

function parseBlanks(raw: string | undefined): number {
  const value = raw?.trim() ?? "";
  if (value === "") return 0;
  const blanks = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(blanks >= 0 && blanks <= BLANKS_MAX)) {
    throw new AppError("validation_error", `blanks must be a whole number from 0 to ${BLANKS_MAX}`);
  }
  return blanks;
}

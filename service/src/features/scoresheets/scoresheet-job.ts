import { AppError } from "../../shared/errors.ts";
import { parseScoresheetOptions, type ScoresheetOptions } from "./form-fields.ts";
import type { Match } from "./types.ts";

/** A validated scoresheet request: the form's options and the CSV's matches, each naming its facility where the form did. */
export interface ScoresheetJob extends Omit<ScoresheetOptions, "facility"> {
  matches: Match[];
}

/**
 * Validates an upload once all of it is read: the text fields, then that there is a CSV and
 * something to print.
 *
 * @throws AppError `unknown_scoresheet_type` or `validation_error`.
 * @example
 * const job = scoresheetJob(matches, { type: "no-referee", blanks: "2" }); // job.matches, job.fileName, …
 */
export function scoresheetJob(
  matches: Match[] | undefined,
  fields: Readonly<Record<string, string | undefined>>,
): ScoresheetJob {
  const { facility, ...options } = parseScoresheetOptions(fields);
  if (!matches) throw new AppError("validation_error", "the form has no csv file part");
  if (matches.length === 0 && options.blanks === 0) {
    throw new AppError(
      "validation_error",
      "the CSV has no matches and blanks is 0: there is nothing to print",
    );
  }
  // The form's facility names the rows that name none, so every match's sheet gets its QR code.
  const named = facility === "" ? matches : matches.map((m) => (m.facility ? m : { ...m, facility }));
  return { ...options, matches: named };
}

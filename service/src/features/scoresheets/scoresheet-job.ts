import { AppError } from "../../shared/errors.ts";
import { parseScoresheetOptions, type ScoresheetOptions } from "./form-fields.ts";
import { parseMatchesCsv } from "./matches-csv.ts";
import type { Match } from "./types.ts";

/** A validated scoresheet request: the form's options and the CSV's matches. */
export interface ScoresheetJob extends ScoresheetOptions {
  matches: Match[];
}

/**
 * Validates an upload: the text fields first (so an unknown `type` is reported as such), then the CSV.
 *
 * @throws AppError `unknown_scoresheet_type` or `validation_error`.
 * @example
 * const job = scoresheetJob(csvBytes, { type: "no-referee", blanks: "2" }); // job.matches, job.fileName, …
 */
export function scoresheetJob(
  csv: Uint8Array | undefined,
  fields: Readonly<Record<string, string | undefined>>,
): ScoresheetJob {
  const options = parseScoresheetOptions(fields);
  if (!csv) throw new AppError("validation_error", "the form has no csv file part");
  const matches = parseMatchesCsv(new TextDecoder("utf-8").decode(csv));
  if (matches.length === 0 && options.blanks === 0) {
    throw new AppError(
      "validation_error",
      "the CSV has no matches and blanks is 0: there is nothing to print",
    );
  }
  return { ...options, matches };
}

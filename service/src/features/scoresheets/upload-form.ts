import type { FastifyRequest } from "fastify";
import { AppError } from "../../shared/errors.ts";
import { parseScoresheetOptions } from "./form-fields.ts";
import { readMatchesCsv } from "./matches-csv.ts";
import { type ScoresheetJob, scoresheetJob } from "./scoresheet-job.ts";
import type { Match } from "./types.ts";

/** The file part's limit, and room for the text parts. */
const MAX_FORM_BYTES = 5 * 1024 * 1024 + 64 * 1024;

type FormRequest = Pick<FastifyRequest, "isMultipart" | "headers" | "parts" | "raw">;

/**
 * Reads the multipart form as it arrives: the text parts, and the `csv` file part streamed through
 * the matches parser (see matches-csv.ts), which stops at its bounds without reading the rest.
 * The text parts sent before the file are checked before the file is read, so an unknown `type`
 * is reported as such. The size limits are the multipart plugin's (5 MiB file, small fields);
 * going over them throws its errors, which the error handler answers as 413.
 *
 * @throws AppError `unsupported_media_type` when the body is not `multipart/form-data`;
 *   `bad_request` for a form that cannot be read (no or a wrong boundary, a missing end);
 *   `payload_too_large`; `unknown_scoresheet_type` and `validation_error` as `scoresheetJob` does.
 * @example
 * const job = await readScoresheetForm(request, request.signal); // job.matches, job.layout, …
 */
export async function readScoresheetForm(request: FormRequest, signal: AbortSignal): Promise<ScoresheetJob> {
  if (!request.isMultipart()) {
    throw new AppError("unsupported_media_type", "send the form as multipart/form-data");
  }
  // A body announced over the limit is refused before it is read.
  if (Number(request.headers["content-length"]) > MAX_FORM_BYTES) {
    throw new AppError("payload_too_large", "the upload is larger than 5 MiB");
  }
  const fields: Record<string, string> = {};
  let matches: Match[] | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") {
        if (part.valueTruncated) throw new AppError("validation_error", `${part.fieldname} is too long`);
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === "csv" && matches === undefined) {
        parseScoresheetOptions(fields);
        matches = await readMatchesCsv(part.file, signal);
        if (part.file.truncated) throw new AppError("payload_too_large", "the upload is larger than 5 MiB");
      } else {
        // Any other file part is drained, or the parser waits for it forever.
        part.file.resume();
      }
    }
  } catch (error) {
    throw asFormError(error);
  }
  return scoresheetJob(matches, fields);
}

/**
 * Our own and the multipart plugin's errors (`FST_…`, mapped by the error handler) pass; anything
 * else thrown while reading is the form itself: busboy's "Boundary not found", "Unexpected end of
 * form" and the like, a 400, not a 500.
 */
function asFormError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if ((typeof code === "string" && code.startsWith("FST_")) || name === "AbortError") return error;
  return new AppError("bad_request", `the multipart form could not be read: ${String(message)}`);
}

import type { FastifyRequest } from "fastify";
import { AppError } from "../../shared/errors.ts";

const MAX_FORM_BYTES = 5 * 1024 * 1024 + 64 * 1024;

/** The scoresheet form as sent: the `csv` file part and the text parts. */
export interface UploadedForm {
  csv?: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads the multipart form. The size limits are the multipart plugin's (5 MiB file, small fields);
 * going over them throws its errors, which the error handler answers as 413.
 *
 * @throws AppError `unsupported_media_type` when the body is not `multipart/form-data`.
 * @example
 * const { csv, fields } = await readUploadedForm(request); // fields.type, fields.evt, …
 */
export async function readUploadedForm(
  request: Pick<FastifyRequest, "isMultipart" | "headers" | "parts">,
): Promise<UploadedForm> {
  if (!request.isMultipart()) {
    throw new AppError("unsupported_media_type", "send the form as multipart/form-data");
  }
  // A body announced over the limit (5 MiB file plus room for the text parts) is refused before it is read.
  if (Number(request.headers["content-length"]) > MAX_FORM_BYTES) {
    throw new AppError("payload_too_large", "the upload is larger than 5 MiB");
  }
  const form: UploadedForm = { fields: {} };
  for await (const part of request.parts()) {
    if (part.type === "file") {
      // Every file part must be drained, or the parser waits for it forever.
      const bytes = await part.toBuffer();
      if (part.fieldname === "csv") form.csv = bytes;
    } else {
      if (part.valueTruncated) throw new AppError("validation_error", `${part.fieldname} is too long`);
      form.fields[part.fieldname] = String(part.value);
    }
  }
  return form;
}

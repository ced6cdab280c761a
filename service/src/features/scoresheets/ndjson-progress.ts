import { toAppError } from "../../http/error-handler.ts";
import { renderEvents } from "./render-events.ts";
import type { ScoresheetRenderer } from "./renderer.ts";
import type { ScoresheetJob } from "./scoresheet-job.ts";

/** Where a streaming render's failure is logged; the client gets only the error line. */
export type LogFailure = (error: unknown) => void;

/**
 * The NDJSON lines of a streaming render: `parsed`, a `progress` line per chunk, then `done` with the
 * PDF in base64, or an `error` line (the status is already 200 once the first line is out).
 *
 * @example
 * reply.type("application/x-ndjson").send(Readable.from(ndjsonProgress(renderer, job, log)));
 */
export async function* ndjsonProgress(
  renderer: ScoresheetRenderer,
  job: ScoresheetJob,
  logFailure: LogFailure,
): AsyncGenerator<string> {
  const line = (value: object) => `${JSON.stringify(value)}\n`;
  yield line({ phase: "parsed", matches: job.matches.length, pages: job.matches.length + job.blanks });
  try {
    const request = { matches: job.matches, layout: job.layout, title: job.title, blanks: job.blanks };
    for await (const event of renderEvents(renderer, request)) {
      if (event.phase === "progress") yield line(event);
      else yield line({ phase: "done", fileName: job.fileName, pdfBase64: event.pdf.toString("base64") });
    }
  } catch (error) {
    logFailure(error);
    const failure = toAppError(error);
    yield line({ phase: "error", code: failure.code, error: failure.message });
  }
}

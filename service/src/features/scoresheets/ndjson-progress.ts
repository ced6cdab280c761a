import { toAppError } from "../../http/error-handler.ts";
import type { Place } from "../../shared/bounded-queue.ts";
import type { ProgressLine } from "./progress-lines.ts";
import { renderEvents } from "./render-events.ts";
import type { ScoresheetRenderer } from "./renderer.ts";
import type { ScoresheetJob } from "./scoresheet-job.ts";

/** Where a streaming render's failure is logged; the client gets only the error line. */
export type LogFailure = (error: unknown) => void;

/** The job's place in the render queue, and the signal that says its client went away. */
export interface StreamTurn {
  place?: Place;
  signal?: AbortSignal;
}

/**
 * The NDJSON lines of a streaming render (`ProgressLine`): `parsed`, a `progress` line per chunk, then
 * `done` with the PDF in base64, or an `error` line (the status is already 200 once the first line is out). The
 * render waits for the job's turn after the `parsed` line; when the client goes away it stops and
 * nothing more is written or logged.
 *
 * @example
 * reply.type("application/x-ndjson").send(Readable.from(ndjsonProgress(renderer, job, log, { place, signal })));
 */
export async function* ndjsonProgress(
  renderer: ScoresheetRenderer,
  job: ScoresheetJob,
  logFailure: LogFailure,
  turn: StreamTurn = {},
): AsyncGenerator<string> {
  const line = (value: ProgressLine) => `${JSON.stringify(value)}\n`;
  yield line({ phase: "parsed", matches: job.matches.length, pages: job.matches.length + job.blanks });
  try {
    await turn.place?.turn(turn.signal);
    const { signal } = turn;
    const request = {
      matches: job.matches,
      layout: job.layout,
      title: job.title,
      blanks: job.blanks,
      signal,
    };
    for await (const event of renderEvents(renderer, request)) {
      if (event.phase === "progress") yield line(event);
      else yield line({ phase: "done", fileName: job.fileName, pdfBase64: event.pdf.toString("base64") });
    }
  } catch (error) {
    if (turn.signal?.aborted) return;
    logFailure(error);
    const failure = toAppError(error);
    yield line({ phase: "error", code: failure.code, error: failure.message });
  }
}

/**
 * Scoresheets from a page: `POST /v3/scoresheets` with the form, asking for NDJSON progress
 * (`Accept: application/x-ndjson`), read line by line as the service renders, ending in the PDF.
 */
import type { LayoutType } from "@tournament-ops/service/scoresheet-layouts";
import { ApiError } from "./client.ts";
import { describeProblem, type ProblemDetails, UNREACHABLE } from "./problem.ts";
import type { operations } from "./schema.d.ts";

/** One line of the stream, as /openapi.json declares it (the service's `ProgressLine`). */
type ProgressLine = operations["generateScoresheets"]["responses"][200]["content"]["application/x-ndjson"];

export interface ScoresheetRequest {
  /** The matches CSV (columns by header name, as the service reads them). */
  csv: Blob;
  /** The form's `type`: one of the service's layouts (`@tournament-ops/service/scoresheet-layouts`). */
  layout: LayoutType;
  /** `evt`: printed on every sheet, at most 80 characters. */
  title: string;
  /** Blank sheets after the matches, 0 to 200. */
  blanks: number;
  /** The download's file name (`[A-Za-z0-9._-]`, at most 80). */
  fileName: string;
  /** The facility of the rows that name none (a hall's own CSV), for each sheet's QR code. */
  facility?: string | undefined;
}

/** What the stream says as it goes: sheets done out of all of them. */
export interface ScoresheetProgress {
  done: number;
  total: number;
}

export interface ScoresheetResult {
  pdf: Blob;
  fileName: string;
  /** Pages in the PDF: one per match, then the blanks. */
  pages: number;
}

/**
 * Renders scoresheets, reporting progress as each chunk is in the document.
 * @throws ApiError with a sentence for people (a refused form, or a failure after the stream began)
 * @example const { pdf } = await generateScoresheets(config.apiUrl, fetch, request, (p) => (bar.value = p.done / p.total));
 */
export async function generateScoresheets(
  apiUrl: URL,
  fetchFn: typeof fetch,
  request: ScoresheetRequest,
  onProgress: (progress: ScoresheetProgress) => void,
  signal?: AbortSignal,
): Promise<ScoresheetResult> {
  const form = new FormData();
  form.set("csv", request.csv, "matches.csv");
  form.set("type", request.layout);
  form.set("evt", request.title);
  form.set("blanks", String(request.blanks));
  form.set("out", request.fileName);
  if (request.facility !== undefined) form.set("facility", request.facility);
  let response: Response;
  try {
    response = await fetchFn(new URL("v3/scoresheets", apiUrl), {
      method: "POST",
      headers: { Accept: "application/x-ndjson" },
      body: form,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(UNREACHABLE, 0, undefined);
  }
  if (!response.ok || response.body === null) {
    const problem = (await response.json().catch(() => undefined)) as ProblemDetails | undefined;
    throw new ApiError(describeProblem(response.status, problem), response.status, problem);
  }
  let pages = 0;
  for await (const line of lines(response.body)) {
    const message = JSON.parse(line) as ProgressLine;
    if (message.phase === "parsed") {
      pages = message.pages;
      onProgress({ done: 0, total: pages });
    } else if (message.phase === "progress") {
      onProgress({ done: message.done, total: message.total });
    } else if (message.phase === "done") {
      const bytes = Uint8Array.from(atob(message.pdfBase64), (c) => c.charCodeAt(0));
      return {
        pdf: new Blob([bytes], { type: "application/pdf" }),
        fileName: message.fileName || request.fileName,
        pages,
      };
    } else if (message.phase === "error") {
      const problem = { code: message.code, detail: message.error };
      throw new ApiError(describeProblem(500, problem), 200, problem);
    }
  }
  throw new ApiError("The scoresheets stopped before they were finished. Try again.", 200, undefined);
}

/** The lines of a streamed text body, as they arrive. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let rest = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const parts = (rest + decoder.decode(value, { stream: true })).split("\n");
    rest = parts.pop() ?? "";
    for (const line of parts) if (line.trim() !== "") yield line;
  }
  if (rest.trim() !== "") yield rest;
}

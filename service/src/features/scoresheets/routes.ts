import { Readable } from "node:stream";
import { type TSchema, Type } from "@sinclair/typebox";
import { toAppError } from "../../http/error-handler.ts";
import { frozenTwin } from "../../http/frozen.ts";
import { acceptsOneOf } from "../../http/negotiation.ts";
import { type AnswerReply, defineRoute, type RouteDefinition, type RouteRequest } from "../../http/route.ts";
import { AppError } from "../../shared/errors.ts";
import { ndjsonProgress, type StreamTurn } from "./ndjson-progress.ts";
import { ProgressLine } from "./progress-lines.ts";
import type { ScoresheetRenderer } from "./renderer.ts";
import type { ScoresheetJob } from "./scoresheet-job.ts";
import { readScoresheetForm } from "./upload-form.ts";

const PDF = "application/pdf";
/** What a refused job is told: a render of a few thousand sheets takes seconds. */
const BUSY_RETRY_SECONDS = 5;
const NDJSON = "application/x-ndjson";

const PdfBody = Type.String({ format: "binary", description: "the merged scoresheet PDF" });
/** The stream's body as 3.0.1 described it: text (the frozen twin keeps it byte for byte; /v3 now types each line). */
const ProgressLines = Type.String({
  description:
    'NDJSON: {"phase":"parsed","matches","pages"}, {"phase":"progress","done","total"} per chunk, then ' +
    '{"phase":"done","fileName","pdfBase64"} or {"phase":"error","code","error"}',
});

/**
 * `POST /v3/scoresheets` (PDF or NDJSON by `Accept`) and its frozen twins `POST /scoresheets/generate`
 * (always the PDF) and `POST /scoresheets/generate/stream` (always NDJSON). No auth. The renderer's
 * workers are made once per app and stopped when the app closes.
 *
 * A job takes a place in the renderer's bounded queue before its upload is read (none left: 503
 * `service_busy` with `Retry-After`, the upload unread) and keeps it until its answer ends. When the
 * client goes away, the request's signal stops the upload's parsing, the wait for a turn and the render.
 */
export function scoresheetRoutes(renderer: ScoresheetRenderer): RouteDefinition[] {
  // Every answer is bytes or a stream (`EncodedBody`), whatever the route's schemas.
  const answer = async <R extends Record<number, TSchema>>(
    request: RouteRequest<TSchema, TSchema, TSchema>,
    reply: AnswerReply<R>,
    as: typeof PDF | typeof NDJSON,
  ) => {
    const place = renderer.jobs.enter();
    if (!place) {
      throw new AppError(
        "service_busy",
        "too many scoresheet jobs are rendering or waiting; try again in a few seconds",
        {},
        { retryAfterSeconds: BUSY_RETRY_SECONDS },
      );
    }
    reply.raw.once("close", () => place.leave());
    const { signal } = request;
    const job = await readScoresheetForm(request, signal);
    if (as === NDJSON) return sendProgress(renderer, job, reply, { place, signal });
    await place.turn(signal);
    const pdf = await renderer.render({
      matches: job.matches,
      layout: job.layout,
      title: job.title,
      blanks: job.blanks,
      signal,
    });
    return reply.type(PDF).header("Content-Disposition", `attachment; filename="${job.fileName}"`).send(pdf);
  };
  const v3 = defineRoute({
    method: "POST",
    url: "/v3/scoresheets",
    operationId: "generateScoresheets",
    summary: "Generate scoresheets from a CSV of matches (PDF, or NDJSON progress)",
    auth: ["none"],
    tags: ["scoresheets"],
    consumes: ["multipart/form-data"],
    errors: [
      "validation_error",
      "unknown_scoresheet_type",
      "bad_request",
      "unsupported_media_type",
      "payload_too_large",
      "service_busy",
    ],
    produces: [PDF, NDJSON],
    // The PDF's schema as 3.0.1 released it; the stream's, each line's shape (it was text).
    response: { 200: Type.Union([PdfBody, ProgressLines]) },
    bodyByMediaType: { [NDJSON]: ProgressLine },
    // The foundation has already refused an Accept that allows neither (406) before the upload is read.
    handler: async (request, reply) =>
      answer(request, reply, acceptsOneOf(request.headers, [PDF, NDJSON]) === NDJSON ? NDJSON : PDF),
  });
  const always = (mediaType: typeof PDF | typeof NDJSON, summary: string, body: TSchema) =>
    frozenTwin(
      v3,
      {
        url: mediaType === PDF ? "/scoresheets/generate" : "/scoresheets/generate/stream",
        // Two twins of one route: each names its media type.
        operationId: mediaType === PDF ? "generateScoresheetsPdfFrozen" : "generateScoresheetsStreamFrozen",
        summary,
        produces: [mediaType],
        negotiate: false,
        response: { 200: body },
      },
      { handler: async (request, reply) => answer(request, reply, mediaType) },
    );
  return [
    v3,
    always(PDF, "Generate scoresheets (frozen; always the PDF)", PdfBody),
    always(NDJSON, "Generate scoresheets with NDJSON progress (frozen; always NDJSON)", ProgressLines),
  ];
}

function sendProgress<R extends Record<number, TSchema>>(
  renderer: ScoresheetRenderer,
  job: ScoresheetJob,
  reply: AnswerReply<R>,
  turn: StreamTurn,
) {
  // Headers are sent: the failure goes in the stream's last line and in the request's log line.
  const log = (error: unknown) => {
    reply.failure = { code: toAppError(error).code, cause: error };
  };
  return reply
    .type(`${NDJSON}; charset=utf-8`)
    .header("Cache-Control", "no-store")
    .send(Readable.from(ndjsonProgress(renderer, job, log, turn)));
}

import { Readable } from "node:stream";
import { type TSchema, Type } from "@sinclair/typebox";
import type { FastifyReply } from "fastify";
import { toAppError } from "../../http/error-handler.ts";
import { frozenTwin } from "../../http/frozen.ts";
import { acceptsOneOf } from "../../http/negotiation.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { ndjsonProgress } from "./ndjson-progress.ts";
import type { ScoresheetRenderer } from "./renderer.ts";
import { scoresheetJob } from "./scoresheet-job.ts";
import { readUploadedForm } from "./upload-form.ts";

const PDF = "application/pdf";
const NDJSON = "application/x-ndjson";

const PdfBody = Type.String({ format: "binary", description: "the merged scoresheet PDF" });
const ProgressLines = Type.String({
  description:
    'NDJSON: {"phase":"parsed","matches","pages"}, {"phase":"progress","done","total"} per chunk, then ' +
    '{"phase":"done","fileName","pdfBase64"} or {"phase":"error","code","error"}',
});

/**
 * `POST /v3/scoresheets` (PDF or NDJSON by `Accept`) and its frozen twins `POST /scoresheets/generate`
 * (always the PDF) and `POST /scoresheets/generate/stream` (always NDJSON). No auth. The renderer's
 * workers are made once per app and stopped when the app closes.
 */
export function scoresheetRoutes(renderer: ScoresheetRenderer): RouteDefinition[] {
  const answer = async (
    request: Parameters<typeof readUploadedForm>[0],
    reply: FastifyReply,
    as: typeof PDF | typeof NDJSON,
  ) => {
    const form = await readUploadedForm(request);
    const job = scoresheetJob(form.csv, form.fields);
    if (as === NDJSON) return sendProgress(renderer, job, reply);
    const pdf = await renderer.render({
      matches: job.matches,
      layout: job.layout,
      title: job.title,
      blanks: job.blanks,
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
    errors: ["validation_error", "unknown_scoresheet_type", "unsupported_media_type", "payload_too_large"],
    produces: [PDF, NDJSON],
    response: { 200: Type.Union([PdfBody, ProgressLines]) },
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

function sendProgress(
  renderer: ScoresheetRenderer,
  job: ReturnType<typeof scoresheetJob>,
  reply: FastifyReply,
) {
  // Headers are sent: the failure goes in the stream's last line and in the request's log line.
  const log = (error: unknown) => {
    reply.failure = { code: toAppError(error).code, cause: error };
  };
  return reply
    .type(`${NDJSON}; charset=utf-8`)
    .header("Cache-Control", "no-store")
    .send(Readable.from(ndjsonProgress(renderer, job, log)));
}

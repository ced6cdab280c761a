import { Readable } from "node:stream";
import { Type } from "@sinclair/typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { acceptsOneOf } from "../../http/negotiation.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { ndjsonProgress } from "./ndjson-progress.ts";
import { createScoresheetRenderer, type ScoresheetRenderer } from "./renderer.ts";
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
export function scoresheetRoutes(ctx: AppContext): RouteDefinition[] {
  const renderer = createScoresheetRenderer({ concurrency: ctx.config.scoresheetConcurrency });
  ctx.onClose.push(() => renderer.close());

  const answer = async (request: FastifyRequest, reply: FastifyReply, as: typeof PDF | typeof NDJSON) => {
    const form = await readUploadedForm(request);
    const job = scoresheetJob(form.csv, form.fields);
    if (as === NDJSON) return sendProgress(renderer, job, request, reply);
    const pdf = await renderer.render({
      matches: job.matches,
      layout: job.layout,
      title: job.title,
      blanks: job.blanks,
    });
    return reply.type(PDF).header("Content-Disposition", `attachment; filename="${job.fileName}"`).send(pdf);
  };
  const common = {
    method: "POST",
    auth: ["none"],
    tags: ["scoresheets"],
    consumes: ["multipart/form-data"],
    errors: ["validation_error", "unknown_scoresheet_type", "unsupported_media_type", "payload_too_large"],
  } as const;
  return [
    defineRoute({
      ...common,
      url: "/v3/scoresheets",
      summary: "Generate scoresheets from a CSV of matches (PDF, or NDJSON progress)",
      produces: [PDF, NDJSON],
      response: { 200: Type.Union([PdfBody, ProgressLines]) },
      // The foundation has already refused an Accept that allows neither (406) before the upload is read.
      handler: async (request, reply) =>
        answer(
          request as unknown as FastifyRequest,
          reply,
          acceptsOneOf(request.headers, [PDF, NDJSON]) === NDJSON ? NDJSON : PDF,
        ),
    }),
    defineRoute({
      ...common,
      url: "/scoresheets/generate",
      summary: "Generate scoresheets (frozen; always the PDF)",
      frozen: { successor: () => "/v3/scoresheets" },
      produces: [PDF],
      negotiate: false,
      response: { 200: PdfBody },
      handler: async (request, reply) => answer(request as unknown as FastifyRequest, reply, PDF),
    }),
    defineRoute({
      ...common,
      url: "/scoresheets/generate/stream",
      summary: "Generate scoresheets with NDJSON progress (frozen; always NDJSON)",
      frozen: { successor: () => "/v3/scoresheets" },
      produces: [NDJSON],
      negotiate: false,
      response: { 200: ProgressLines },
      handler: async (request, reply) => answer(request as unknown as FastifyRequest, reply, NDJSON),
    }),
  ];
}

function sendProgress(
  renderer: ScoresheetRenderer,
  job: ReturnType<typeof scoresheetJob>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const log = (error: unknown) =>
    request.log.error({ err: error }, "scoresheet stream failed after it started");
  return reply
    .type(`${NDJSON}; charset=utf-8`)
    .header("Cache-Control", "no-store")
    .send(Readable.from(ndjsonProgress(renderer, job, log)));
}

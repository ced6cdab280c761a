import { type Static, Type } from "@sinclair/typebox";

/**
 * One line of a streaming render (`POST /v3/scoresheets` with `Accept: application/x-ndjson`), in
 * the order they come: `parsed` once, `progress` per chunk, then `done` with the PDF or `error`
 * (the status is already 200 once the first line is out). The stream writes these and the pages
 * read them (`web/src/lib/api/scoresheets.ts`, typed from /openapi.json).
 */
export const ProgressLine = Type.Union(
  [
    Type.Object({
      phase: Type.Literal("parsed"),
      matches: Type.Integer({ minimum: 0, description: "matches read from the CSV" }),
      pages: Type.Integer({ minimum: 0, description: "sheets to render: the matches, then the blanks" }),
    }),
    Type.Object({
      phase: Type.Literal("progress"),
      done: Type.Integer({ minimum: 0, description: "sheets in the document so far" }),
      total: Type.Integer({ minimum: 0 }),
    }),
    Type.Object({
      phase: Type.Literal("done"),
      fileName: Type.String(),
      pdfBase64: Type.String({ contentEncoding: "base64", contentMediaType: "application/pdf" }),
    }),
    Type.Object({
      phase: Type.Literal("error"),
      code: Type.String({ description: "the error code a refused request would carry" }),
      error: Type.String({ description: "what went wrong, in words" }),
    }),
  ],
  { title: "ScoresheetProgressLine", description: "one NDJSON line of a streaming render" },
);
export type ProgressLine = Static<typeof ProgressLine>;

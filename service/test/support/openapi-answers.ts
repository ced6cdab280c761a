/**
 * Every answer a route test receives, checked against the app's own `/openapi.json`: the status is
 * one the route declares, and a JSON body (or each NDJSON line) is valid against the schema
 * declared for that status and media type. A handler that answers a member its schema does not
 * declare, or misses a required one, fails the test that received the answer
 * (service/test/http/answers-match-openapi.test.ts proves it can).
 */
import { Ajv, type ValidateFunction } from "ajv";

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** The answer as the test client received it. */
export interface Answer {
  status: number;
  contentType: string | undefined;
  text: string;
}

/**
 * The schema with every object closed that does not say otherwise: the document leaves response
 * objects open (a client must accept added members), but a member the route does not declare is
 * what this check is for. A schema that allows more members says so (`additionalProperties`).
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== "object") return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  if ("properties" in copy && !("additionalProperties" in copy)) copy["additionalProperties"] = false;
  return copy;
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
/** Compiled once per schema for the whole test process: the apps of one file share their document. */
const compiled = new Map<string, ValidateFunction>();
const validatorOf = (schema: object) => {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = ajv.compile(closed(schema) as object);
    compiled.set(key, validate);
  }
  return validate;
};

const JSON_TYPES = new Set(["application/json", "application/problem+json"]);
const NDJSON = "application/x-ndjson";

/**
 * The checker of `document`'s routes: `check(method, path, answer)` says what in the answer the
 * document does not declare (an empty list when all is declared). A path no route declares (404,
 * the hidden 405s) and a body that is not JSON or NDJSON (a PDF, a CSV) are not checked further.
 */
export function answerChecker(document: OpenApiDocument) {
  // Literal paths before templated ones, so `/v3/days/x/scores/scorer-links` is not read as `{matchNumber}`.
  const routes = Object.entries(document.paths)
    .map(([template, operations]) => ({
      template,
      operations,
      pattern: new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
      ),
      parameters: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);
  return function check(method: string, path: string, answer: Answer): string[] {
    const bare = path.split("?")[0] ?? path;
    const route = routes.find(
      (candidate) => candidate.pattern.test(bare) && candidate.operations[method.toLowerCase()],
    );
    const operation = route?.operations[method.toLowerCase()];
    if (route === undefined || operation === undefined || method === "HEAD") return [];
    const where = `${method} ${route.template} answered ${answer.status}`;
    const declared = operation.responses?.[String(answer.status)] ?? operation.responses?.["default"];
    if (declared === undefined) return [`${where}, a status the route does not declare`];
    const mediaType = answer.contentType?.split(";")[0]?.trim().toLowerCase();
    if (mediaType === undefined || answer.text === "") return [];
    const schema = declared.content?.[mediaType]?.schema;
    if (schema === undefined) {
      return JSON_TYPES.has(mediaType)
        ? [`${where} with ${mediaType}, a media type it does not declare`]
        : [];
    }
    // A stream the document describes only as text (the frozen NDJSON twin) has no line shape to check.
    if (mediaType === NDJSON && (schema as { type?: string }).type === "string") return [];
    const values = JSON_TYPES.has(mediaType)
      ? [answer.text]
      : mediaType === NDJSON
        ? answer.text.split("\n").filter((line) => line !== "")
        : [];
    const validate = validatorOf(schema);
    return values.flatMap((text) => {
      if (validate(JSON.parse(text))) return [];
      const errors = (validate.errors ?? []).map(
        (error) => `${error.instancePath || "(body)"} ${error.message} ${JSON.stringify(error.params)}`,
      );
      return [
        `${where}: the body does not match its schema: ${errors.join("; ")}\n  body: ${text.slice(0, 500)}`,
      ];
    });
  };
}

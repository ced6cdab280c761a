import { Ajv, type ErrorObject } from "ajv";
import { KEY_PATTERN, MAX_KEY_LENGTH, RegistrySchema } from "./schema.ts";
import { scoringProblem } from "./scoring.ts";
import type { Registry, Scoring } from "./types.ts";

/** One problem of a registry file, with the JSON path of the bad field. */
export interface RegistryProblem {
  path: string;
  message: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A date that exists: `2026-02-30` has the shape but is no day. */
function isRealDate(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

// The structure, checked as the routes' bodies are: Ajv, every error, no coercion, nothing removed.
const checkStructure = new Ajv({ allErrors: true, strict: true })
  .addFormat("date", isRealDate)
  .compile(RegistrySchema);

/** Drops every `_comment` member, anywhere in the tree, before validation. */
function withoutComments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutComments);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "_comment")
      .map(([key, member]) => [key, withoutComments(member)]),
  );
}

/** A JSON pointer into `file` as the problems name it: `$.events.open.days.sat.facilities[0].name`. */
function pathOf(pointer: string, file: unknown): string {
  let path = "$";
  let at = file;
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    path += Array.isArray(at) ? `[${segment}]` : `.${segment}`;
    at = (at as Json | undefined)?.[segment];
  }
  return path;
}

const A_OR_AN: Record<string, string> = { object: "an object", array: "an array", integer: "an integer" };

/** One Ajv error in the registry's words. */
function problemOf(error: ErrorObject, file: unknown): RegistryProblem {
  const path = pathOf(error.instancePath, file);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return { path: `${path}.${params.missingProperty}`, message: "is required" };
    case "additionalProperties":
      return { path: `${path}.${params.additionalProperty}`, message: "is not a registry field" };
    case "type":
      return { path, message: `must be ${A_OR_AN[String(params.type)] ?? `a ${params.type}`}` };
    case "enum":
      return {
        path,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    case "const":
      return { path, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case "pattern":
      return { path, message: "must not be empty" };
    case "minProperties":
      return { path, message: "must not be empty" };
    case "format":
      return { path, message: "must be an ISO date YYYY-MM-DD" };
    case "minimum":
      return { path, message: `must be at least ${params.limit}` };
    case "maximum":
      return { path, message: `must be at most ${params.limit}` };
    default:
      return { path, message: error.message ?? "is not valid" };
  }
}

/** The schema's problems, one per field (a wrong type is not also reported as a wrong value). */
function structuralProblems(file: unknown): RegistryProblem[] {
  if (checkStructure(file)) return [];
  const byPath = new Map<string, RegistryProblem>();
  for (const error of checkStructure.errors ?? []) {
    const problem = problemOf(error, file);
    if (!byPath.has(problem.path)) byPath.set(problem.path, problem);
  }
  return [...byPath.values()];
}

/**
 * The rules a schema cannot say: event and day keys (refused, not sanitised; at most
 * {@link MAX_KEY_LENGTH} characters), day keys unique
 * across events, facility names unique within a day (exactly, case-sensitive), pair numbers, and
 * a scoring's cap not below its points to win.
 * Reads defensively: the structure may be wrong too, and is reported by the schema.
 */
function crossFieldProblems(file: unknown): RegistryProblem[] {
  const problems: RegistryProblem[] = [];
  const fail = (path: string, message: string) => problems.push({ path, message });
  if (!isObject(file) || !isObject(file.events)) return problems;
  const dayOwners = new Map<string, string>();
  for (const [eventKey, event] of Object.entries(file.events)) {
    const path = `$.events.${eventKey}`;
    if (!KEY_PATTERN.test(eventKey)) fail(path, `event key must match ${KEY_PATTERN.source}`);
    if (eventKey.length > MAX_KEY_LENGTH)
      fail(path, `event key must have at most ${MAX_KEY_LENGTH} characters`);
    if (!isObject(event)) continue;
    // Checked only once its structure is sound (the schema reports the rest).
    const scoring = isObject(event.scoring) ? scoringProblem(event.scoring as Scoring) : undefined;
    if (scoring !== undefined) fail(`${path}.scoring`, scoring);
    const pairs = isObject(event.display) ? event.display.pairs : undefined;
    for (const n of isObject(pairs) ? Object.keys(pairs) : []) {
      if (!/^\d+$/.test(n)) fail(`${path}.display.pairs.${n}`, "must be keyed by a pair number");
    }
    if (!isObject(event.days)) continue;
    for (const [dayKey, day] of Object.entries(event.days)) {
      const dayPath = `${path}.days.${dayKey}`;
      if (!KEY_PATTERN.test(dayKey)) fail(dayPath, `day key must match ${KEY_PATTERN.source}`);
      if (dayKey.length > MAX_KEY_LENGTH)
        fail(dayPath, `day key must have at most ${MAX_KEY_LENGTH} characters`);
      const owner = dayOwners.get(dayKey);
      if (owner !== undefined) fail(dayPath, `day key "${dayKey}" is already used by event "${owner}"`);
      dayOwners.set(dayKey, eventKey);
      if (!isObject(day) || !Array.isArray(day.facilities)) continue;
      const names = new Set<string>();
      for (const [index, facility] of day.facilities.entries()) {
        const name = isObject(facility) ? facility.name : undefined;
        if (typeof name !== "string") continue;
        if (names.has(name))
          fail(`${dayPath}.facilities[${index}].name`, `duplicates facility "${name}" of this day`);
        names.add(name);
      }
    }
  }
  return problems;
}

/**
 * Every validation rule of the spec, with the path of each bad field: the schema's structure
 * (`schema.ts`), then the rules across members. `_comment` is allowed anywhere. A file with any
 * problem is rejected wholesale by the caller.
 * @example validateRegistry(JSON.parse(text)) // [] when the file is good
 */
export function validateRegistry(input: unknown): RegistryProblem[] {
  const file = withoutComments(input);
  if (!isObject(file)) return [{ path: "$", message: "must be a JSON object" }];
  return [...structuralProblems(file), ...crossFieldProblems(file)];
}

/** Narrows a validated file to the registry type (comments dropped). */
export function parseRegistry(input: unknown): { registry?: Registry; problems: RegistryProblem[] } {
  const problems = validateRegistry(input);
  return problems.length > 0 ? { problems } : { registry: withoutComments(input) as Registry, problems };
}

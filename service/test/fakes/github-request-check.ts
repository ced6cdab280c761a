import { loadDescription } from "./descriptions/load.ts";

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Parameter {
  name?: string;
  in?: "path" | "query";
  required?: boolean;
  $ref?: string;
  "x-multi-segment"?: boolean;
}

interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter> };
}

/** A refusal as GitHub words it, with its status. */
export class GitHubRefusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A request the description accepts: its operation and path parameters, decoded. */
export interface GitHubCall {
  operationId: string;
  path: Record<string, string>;
}

const description = loadDescription<OpenApi>("github-contents.openapi.json");

const resolved = (parameter: Parameter): Parameter =>
  parameter.$ref
    ? (description.components.parameters[parameter.$ref.split("/").pop() ?? ""] ?? {})
    : parameter;

const ROUTES = Object.entries(description.paths).flatMap(([template, operations]) =>
  Object.entries(operations).map(([method, operation]) => {
    const parameters = operation.parameters.map(resolved);
    const names: string[] = [];
    const source = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return parameters.find((p) => p.name === name)?.["x-multi-segment"] ? "(.+)" : "([^/]+)";
    });
    return { method: method.toUpperCase(), operation, parameters, names, pattern: new RegExp(`^${source}$`) };
  }),
);

function checkBody(value: unknown, schema: Schema, at: string): void {
  const where = at === "" ? "" : `/${at}`;
  if (schema.type === "object") {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new GitHubRefusal(
        422,
        `Invalid request.\n\nFor 'properties${where}', ${JSON.stringify(value)} is not an object.`,
      );
    }
    for (const name of schema.required ?? []) {
      if ((value as Record<string, unknown>)[name] === undefined) {
        throw new GitHubRefusal(422, `Invalid request.\n\n"${name}" wasn't supplied.`);
      }
    }
    for (const [name, member] of Object.entries(value)) {
      const property = schema.properties?.[name];
      // GitHub ignores a member its schema does not name; this fake refuses one, as an adapter bug.
      if (!property) throw new GitHubRefusal(422, `Invalid request.\n\n"${name}" is not a permitted key.`);
      checkBody(member, property, at === "" ? name : `${at}/${name}`);
    }
    return;
  }
  if (schema.type !== undefined && typeof value !== schema.type) {
    throw new GitHubRefusal(
      422,
      `Invalid request.\n\nFor 'properties${where}', ${JSON.stringify(value)} is not a ${schema.type}.`,
    );
  }
}

/**
 * Checks a request against the vendored slice of GitHub's OpenAPI description: the operation by
 * path and method (404 "Not Found" otherwise, as GitHub answers), its query parameters, and its
 * JSON body (422 "Invalid request." for a missing required member or a value of the wrong type).
 * @throws GitHubRefusal with the status and message GitHub sends.
 * @example const call = checkGitHubRequest("PUT", "/repos/acme/data/contents/config/events.json", query, body);
 */
export function checkGitHubRequest(
  method: string,
  pathname: string,
  query: URLSearchParams,
  body: unknown,
): GitHubCall {
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match || route.method !== method) continue;
    for (const name of query.keys()) {
      if (!route.parameters.some((p) => p.in === "query" && p.name === name)) {
        throw new GitHubRefusal(
          422,
          `Invalid request.\n\n"${name}" is not a parameter of ${route.operation.operationId}.`,
        );
      }
    }
    const schema = route.operation.requestBody?.content["application/json"].schema;
    if (schema) checkBody(body, schema, "");
    const path = Object.fromEntries(
      route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
    );
    return { operationId: route.operation.operationId, path };
  }
  throw new GitHubRefusal(404, "Not Found");
}

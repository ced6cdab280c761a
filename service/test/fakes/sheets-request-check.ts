import { loadDescription } from "./descriptions/load.ts";
import { GoogleApiError } from "./google-api-error.ts";

interface Parameter {
  location: "query" | "path";
  type: string;
  enum?: string[];
  repeated?: boolean;
}

interface Method {
  id: string;
  flatPath: string;
  httpMethod: string;
  parameters: Record<string, Parameter>;
  request?: { $ref: string };
}

interface Property {
  type?: string;
  format?: string;
  $ref?: string;
  enum?: string[];
  items?: Property;
}

interface Resource {
  methods?: Record<string, Method>;
  resources?: Record<string, Resource>;
}

interface Discovery {
  parameters: Record<string, Parameter>;
  resources: Record<string, Resource>;
  schemas: Record<string, { properties: Record<string, Property> }>;
}

/** A request the description accepts: the method's id and its path parameters, decoded. */
export interface SheetsCall {
  id: string;
  path: Record<string, string>;
}

const discovery = loadDescription<Discovery>("sheets-v4.discovery.json");

function methodsOf(resource: Resource): Method[] {
  return [
    ...Object.values(resource.methods ?? {}),
    ...Object.values(resource.resources ?? {}).flatMap(methodsOf),
  ];
}

/** Each method with its path as a pattern: a range may hold `:`, an id may not (`{id}:batchUpdate`). */
const ROUTES = Object.values(discovery.resources)
  .flatMap(methodsOf)
  .map((method) => {
    const names: string[] = [];
    const source = method.flatPath.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_, name) => {
      names.push(name);
      return name === "range" ? "([^/]+)" : "([^/:]+)";
    });
    return { method, names, pattern: new RegExp(`^/${source}$`) };
  });

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const invalidValue = (at: string, type: string, value: unknown) =>
  GoogleApiError.invalid(
    `Invalid value at '${at}' (${type}), ${typeof value === "string" ? JSON.stringify(value) : String(value)}`,
  );
const TYPE_NAMES: Record<string, string> = {
  boolean: "TYPE_BOOL",
  integer: "TYPE_INT32",
  number: "TYPE_DOUBLE",
  string: "TYPE_STRING",
};

function checkQuery(method: Method, query: URLSearchParams): void {
  for (const name of new Set(query.keys())) {
    const parameter = method.parameters[name] ?? discovery.parameters[name];
    if (parameter?.location !== "query") {
      throw GoogleApiError.invalid(
        `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
      );
    }
    for (const value of query.getAll(name)) {
      if (parameter.enum && !parameter.enum.includes(value))
        throw invalidValue(snake(name), "TYPE_ENUM", value);
      if (parameter.type === "boolean" && value !== "true" && value !== "false")
        throw invalidValue(snake(name), "TYPE_BOOL", value);
    }
  }
}

/** Checks one JSON value against a property of the description; `at` is Google's path to it. */
function checkValue(value: unknown, property: Property, at: string): void {
  if (property.$ref) {
    checkObject(value, property.$ref, at);
    return;
  }
  if (property.type === "array") {
    if (!Array.isArray(value)) throw invalidValue(at, "TYPE_LIST", JSON.stringify(value));
    value.forEach((item, i) => {
      checkValue(item, property.items ?? {}, `${at}[${i}]`);
    });
    return;
  }
  if (property.type === "any") {
    if (value !== null && typeof value === "object")
      throw invalidValue(at, "TYPE_VALUE", JSON.stringify(value));
    return;
  }
  if (property.enum) {
    if (typeof value !== "string" || !property.enum.includes(value))
      throw invalidValue(at, "TYPE_ENUM", value);
    return;
  }
  const numeric = typeof value === "number" || (typeof value === "string" && /^-?\d+$/.test(value));
  const fits =
    property.type === "integer"
      ? numeric && Number.isInteger(Number(value))
      : property.type === "number"
        ? typeof value === "number"
        : typeof value === property.type;
  if (!fits) throw invalidValue(at, TYPE_NAMES[property.type ?? ""] ?? "TYPE_UNKNOWN", value);
}

function checkObject(value: unknown, schemaName: string, at: string): void {
  const schema = discovery.schemas[schemaName];
  if (!schema) {
    // The slice holds every schema the service sends; anything else is a member it never should.
    throw GoogleApiError.invalid(`the Sheets fake does not model ${schemaName} (at '${at}')`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw GoogleApiError.invalid(`Invalid JSON payload received. Expected an object at '${at}'.`);
  }
  for (const [name, member] of Object.entries(value)) {
    const property = schema.properties[name];
    if (!property) {
      const where = at === "" ? "" : ` at '${at}'`;
      throw GoogleApiError.invalid(
        `Invalid JSON payload received. Unknown name "${name}"${where}: Cannot find field.`,
      );
    }
    checkValue(member, property, at === "" ? snake(name) : `${at}.${snake(name)}`);
  }
}

/**
 * Checks a request against the vendored Sheets v4 discovery document: the method by its path and
 * HTTP method (404 otherwise, as Google answers), every query parameter (an unknown one, a value
 * outside its enum or of the wrong type is Google's 400), and every member of the request body.
 * @throws GoogleApiError with the status and message Google sends.
 * @example const call = checkSheetsRequest("GET", "/v4/spreadsheets/abc/values:batchGet", query, undefined);
 */
export function checkSheetsRequest(
  httpMethod: string,
  pathname: string,
  query: URLSearchParams,
  body: unknown,
): SheetsCall {
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match || route.method.httpMethod !== httpMethod) continue;
    checkQuery(route.method, query);
    if (route.method.request) checkObject(body ?? {}, route.method.request.$ref, "");
    const path = Object.fromEntries(
      route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
    );
    return { id: route.method.id, path };
  }
  throw new GoogleApiError(404, "NOT_FOUND", "Requested entity was not found.");
}

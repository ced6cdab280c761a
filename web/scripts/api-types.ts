/**
 * `npm run api-types -w web`: writes `src/lib/api/schema.d.ts`, the API client's types, from the
 * OpenAPI document the service generates from its own route declarations (`GET /openapi.json`).
 * A test (`web/test/api-types.test.ts`) fails whenever the checked-in file differs from what this
 * writes, so the pages cannot drift from the routes.
 */
import { writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import { buildApp } from "../../service/src/app.ts";
import { parseEnvironment } from "../../service/src/config/environment.ts";
import type { DataRepository } from "../../service/src/ports/data-repository.ts";
import type { Spreadsheets } from "../../service/src/ports/spreadsheet.ts";

export const SCHEMA_FILE = new URL("../src/lib/api/schema.d.ts", import.meta.url);

/** The service's OpenAPI document, from the app itself (no port, no I/O). */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const { config } = parseEnvironment({});
  if (config === undefined) throw new Error("the service's default configuration is not valid");
  const unused = new Proxy({}, { get: () => () => Promise.reject(new Error("not used")) });
  const app = await buildApp({
    config,
    spreadsheets: unused as Spreadsheets,
    repository: unused as DataRepository,
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

/** The text of `schema.d.ts` for the service as it is now. */
export async function apiTypes(): Promise<string> {
  const document = await openApiDocument();
  // The version changes with every release and is not part of any type.
  const info = { ...(document["info"] as object), version: "" };
  const ast = await openapiTS({ ...document, info } as never, { alphabetize: true });
  return `${COMMENT_HEADER}// Generated from the service's /openapi.json by \`npm run api-types -w web\`.\n\n${astToString(ast)}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await writeFile(SCHEMA_FILE, await apiTypes());
  console.log(`wrote ${SCHEMA_FILE.pathname}`);
}

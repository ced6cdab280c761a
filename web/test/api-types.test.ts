import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { apiTypes, SCHEMA_FILE } from "../scripts/api-types.ts";

test("the pages' API types are the ones the service's /openapi.json gives today (else run `npm run api-types -w web`)", async () => {
  const checkedIn = await readFile(SCHEMA_FILE, "utf8");
  const current = await apiTypes();
  assert.ok(current.includes('"/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/score"'));
  assert.equal(
    checkedIn,
    current,
    "web/src/lib/api/schema.d.ts differs from the routes: run `npm run api-types -w web` and commit it",
  );
});

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import type { TSchema } from "@sinclair/typebox";
import { Ajv } from "ajv";
import { RegistrySchema } from "../src/registry/schema.ts";
import { validateRegistry } from "../src/registry/validate.ts";
import { EXAMPLE_FILE, REFERENCE_FILE, registryReference } from "./registry-reference.ts";

/** Every member schema of the registry with its path, objects, maps and arrays walked into. */
function members(schema: TSchema, at = "$"): Array<[string, TSchema]> {
  const found: Array<[string, TSchema]> = [];
  for (const [name, member] of Object.entries((schema.properties ?? {}) as Record<string, TSchema>)) {
    found.push([`${at}.${name}`, member], ...members(member, `${at}.${name}`));
  }
  for (const value of Object.values((schema.patternProperties ?? {}) as Record<string, TSchema>))
    found.push(...members(value, `${at}.*`));
  if (schema.items) found.push(...members(schema.items, `${at}[]`));
  return found;
}

describe("the registry reference (docs/registry.md) and the example registry", () => {
  test("docs/registry.md is what the schema makes: run `npm run -s registry-reference` after changing it", () => {
    assert.equal(readFileSync(REFERENCE_FILE, "utf8"), registryReference());
  });

  test("config/events.example.json is a valid registry", () => {
    assert.deepEqual(validateRegistry(JSON.parse(readFileSync(EXAMPLE_FILE, "utf8"))), []);
  });

  test("every member of the schema is described, so the reference leaves none unexplained", () => {
    const all = members(RegistrySchema);
    assert.ok(all.length >= 30, `found ${all.length} members`);
    const bare = all.filter(([, member]) => !member.description).map(([path]) => path);
    assert.deepEqual(bare, []);
  });

  test("every example and default in the schema is a valid value of its member", () => {
    const ajv = new Ajv({ strict: false }).addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
    const annotated = members(RegistrySchema).filter(([, m]) => m.examples || m.default !== undefined);
    assert.ok(annotated.length >= 15, `found ${annotated.length} annotated members`);
    for (const [path, member] of annotated) {
      for (const value of [
        ...(member.examples ?? []),
        ...(member.default === undefined ? [] : [member.default]),
      ]) {
        assert.ok(ajv.validate(member, value), `${path}: ${JSON.stringify(value)} ${ajv.errorsText()}`);
      }
    }
  });
});

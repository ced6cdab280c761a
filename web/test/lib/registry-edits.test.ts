// Issue 37, row 7: the line of the registry file where an event opens, for the console's words
// about a setting only a registry edit turns on (an event without scoreEntry).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { signal } from "@preact/signals";
import { registryEdits } from "../../src/console/store/registry-edits.ts";
import type { PagesConfig } from "../../src/lib/config.ts";
import { memberLine } from "../../src/lib/data/registry-line.ts";
import { settle } from "../support/fake-clock.ts";
import { REGISTRY } from "../support/page-fixtures.ts";

const FILE = `${JSON.stringify(
  { ...REGISTRY, events: { "club-cup": { type: "team", days: {} }, ...REGISTRY.events } },
  null,
  2,
)}\n`;
/** The line a person finds by eye: the one that starts with the event's key. */
const byEye = (text: string, key: string) =>
  text.split("\n").findIndex((line) => line.trim().startsWith(`"${key}":`)) + 1;
/** Once the line finder the console loads when first asked has loaded, and what waited on it ran. */
const located = async () => {
  await import("../../src/lib/data/registry-line.ts");
  await settle();
};

describe("where an event opens in the registry file", () => {
  test("the line of a member's key, at its path only: a day or a code of the same name elsewhere is not it", () => {
    assert.equal(memberLine(FILE, ["events", "junior-open"]), byEye(FILE, "junior-open"));
    assert.equal(memberLine(FILE, ["events", "club-cup"]), byEye(FILE, "club-cup"));
    const sameNames = '{ "days": { "open": {} },\n  "events": {\n    "open": {}\n  }\n}';
    assert.equal(memberLine(sameNames, ["events", "open"]), 3);
    assert.equal(memberLine(sameNames, ["events", "closed"]), undefined);
    assert.equal(memberLine("not json", ["events", "open"]), undefined);
  });

  test("the console reads the file from the static site once, on the first ask, and says the line", async () => {
    const reads: string[] = [];
    const edits = registryEdits(
      {
        fetch: async (input) => {
          reads.push(String(input));
          return new Response(FILE);
        },
      },
      { config: signal({ dataUrl: new URL("https://results.test/") } as PagesConfig) },
    );
    const cup = edits.eventAt("club-cup");
    assert.deepEqual(cup.value, { line: undefined }, "while it is read");
    await located();
    assert.deepEqual(cup.value, { line: byEye(FILE, "club-cup") });
    assert.deepEqual(edits.eventAt("junior-open").value, { line: undefined });
    await located();
    assert.deepEqual(edits.eventAt("junior-open").value, { line: byEye(FILE, "junior-open") });
    assert.deepEqual(reads, ["https://results.test/config/events.json"]);
  });

  test("a file that cannot be read leaves the line out: the words still name the file", async () => {
    const edits = registryEdits(
      { fetch: async () => new Response("", { status: 503 }) },
      { config: signal({ dataUrl: new URL("https://results.test/") } as PagesConfig) },
    );
    const cup = edits.eventAt("club-cup");
    await located();
    assert.deepEqual(cup.value, { line: undefined });
  });
});

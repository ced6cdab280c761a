// docs/architecture.md's layers hold: no folder of service/src imports one above it, and the
// folders of a layer import each other without a loop (scripts/import-graph.mjs).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { folderGraph, layersOf, violations } from "../../../scripts/import-graph.mjs";

const layers = layersOf(readFileSync(new URL("../../../docs/architecture.md", import.meta.url), "utf8"));

test("the layers are read from docs/architecture.md, lowest first", () => {
  assert.deepEqual(layers[0], ["shared"]);
  assert.ok(layers.some((names) => names.includes("features/*")));
  assert.ok(layers.length >= 10, `${layers.length} layers`);
});

test("service/src imports downwards only, with no loop between folders", () => {
  const edges = folderGraph();
  assert.ok(edges.size > 20, "the graph has the service's folders");
  assert.deepEqual(violations(edges, layers), []);
});

test("an upward import, a loop within a layer and a folder no layer names are each reported", () => {
  const edges = new Map([
    ["shared → http", ["shared/clock.ts → http/route.ts"]],
    ["features/a → features/b", ["features/a/x.ts → features/b/y.ts"]],
    ["features/b → features/a", ["features/b/y.ts → features/a/x.ts"]],
    ["nowhere → shared", ["nowhere/z.ts → shared/clock.ts"]],
  ]);
  const found = violations(edges, layers);
  assert.ok(
    found.some((line) => line.startsWith("shared → http: imports upward")),
    found.join("\n"),
  );
  assert.ok(
    found.some((line) => line === "a loop: features/a → features/b → features/a"),
    found.join("\n"),
  );
  assert.ok(found.some((line) => line.startsWith("nowhere → shared: a folder no layer names")));
});

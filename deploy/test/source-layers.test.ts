// deploy/src imports downwards only: shared below the commands, the setup's parts below its steps,
// its steps below the plan and the entry that run them; and every TypeScript file under deploy/ is
// in its type-checked project (deploy/tsconfig.json).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const DEPLOY = fileURLToPath(new URL("..", import.meta.url));
const SRC = join(DEPLOY, "src");

/** Every file under `dir` whose name ends with `.ts`, node_modules left out. */
function typescript(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : typescript(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The layer of a file of deploy/src, lowest first; `undefined` for one no layer names. */
function layerOf(file: string): number | undefined {
  const path = relative(SRC, file);
  if (path.startsWith("shared/")) return 0;
  if (path.startsWith("pages/") || path.startsWith("preflight/")) return 1;
  if (["setup/plan.ts", "setup/main.ts"].includes(path)) return 4;
  if (path.startsWith("setup/steps/")) return 3;
  if (path.startsWith("setup/")) return 2;
  return undefined;
}

/** The relative imports of a file, resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = /^(?:(?:import|export)\s[^;]*?\bfrom\s*|import\s*)(["'])(\.[^"'\n]+)\1/gm;
  return [...text.matchAll(found)].map((match) => resolve(dirname(file), match[2] ?? ""));
}

test("deploy/src imports downwards only", () => {
  const files = typescript(SRC);
  assert.ok(files.length > 20, `${files.length} files`);
  const upward: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    assert.notEqual(from, undefined, `${relative(SRC, file)} is in no layer`);
    for (const target of importsOf(file).filter((path) => path.startsWith(SRC))) {
      const to = layerOf(target) as number;
      if (to > (from as number)) upward.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  assert.deepEqual(upward, []);
});

test("an upward import is found: a step's import of the plan would be one", () => {
  assert.ok(
    (layerOf(join(SRC, "setup/plan.ts")) as number) > (layerOf(join(SRC, "setup/steps/relay.ts")) as number),
  );
  assert.ok(
    (layerOf(join(SRC, "setup/steps/relay.ts")) as number) >
      (layerOf(join(SRC, "setup/cloud-run.ts")) as number),
  );
});

test("every TypeScript file under deploy/ is in its type-checked project", () => {
  const project = JSON.parse(
    readFileSync(join(DEPLOY, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, ""),
  ) as { include: string[] };
  const outside = typescript(DEPLOY)
    .map((file) => relative(DEPLOY, file))
    .filter((file) => !project.include.some((folder) => file.startsWith(`${folder}/`)));
  assert.deepEqual(outside, []);
  const root = JSON.parse(
    readFileSync(join(DEPLOY, "../tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, ""),
  ) as { references: { path: string }[] };
  assert.ok(
    root.references.some((reference) => reference.path === "deploy"),
    "npm run typecheck builds it",
  );
});

// docs/architecture.md is a true map: every file or folder its tables and text name in backticks
// exists. A name is looked for beside the section's folder (a "**Rule**" row's `features/sync/`),
// beside a folder named before it on the page (`adapters/google-sheets/` then `credentials.ts`),
// then under the workspaces' source folders and the repository's root.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const text = readFileSync(`${root}docs/architecture.md`, "utf8");

/** Where a name may be written relative to, after the section's folder and the folders named before it. */
const BASES = [
  "service/src/",
  "service/src/features/",
  "web/src/",
  "deploy/",
  "deploy/src/",
  "front/src/",
  "relay/src/",
  "service/",
  "",
];

/** Files the page names that are made at run time or by a build, never kept in the repository. */
const MADE = new Set([
  "config.json", // the pages' settings, written by publish-pages and npm start
  "deployed.json", // the addresses deploy/setup learnt
  "sw.js", // the service worker the pages' build makes from web/src/offline/
]);

/** A backticked text that names a file or a folder (not a route, a header, a command or code). */
const PATH = /^[\w.@-]+(\/[\w.@-]+)*\/?$/;
const looksLikePath = (name: string) =>
  PATH.test(name) &&
  !name.startsWith(".") &&
  (name.endsWith("/") || /\.(ts|tsx|mjs|js|json|md|yaml|toml|xlsx)$/.test(name));

/** A name, the section's folder, and the folders named before it on the page (nearest first). */
interface Named {
  name: string;
  section: string;
  folders: string[];
  line: number;
}

/** Every path the page names, with the folders it may be relative to. */
function namedPaths(markdown: string): Named[] {
  const found: Named[] = [];
  const folders: string[] = [];
  let section = "";
  markdown.split("\n").forEach((line, index) => {
    const heading = /^\| \*\*[^*]+\*\*(?: \(`([^`]+\/)`)?/.exec(line);
    if (heading) section = heading[1] ?? "";
    if (line.startsWith("#")) section = "";
    for (const [, name] of line.matchAll(/`([^`\s]+)`/g)) {
      if (name === undefined || !looksLikePath(name)) continue;
      if (!MADE.has(name)) found.push({ name, section, folders: [...folders], line: index + 1 });
      const folder = name.endsWith("/") ? name : name.slice(0, name.lastIndexOf("/") + 1);
      if (folder !== "") folders.unshift(folder);
    }
  });
  return found;
}

const exists = ({ name, section, folders }: Named) =>
  [section, ...folders]
    .flatMap((folder) => [folder, ...BASES.map((base) => `${base}${folder}`)])
    .concat(BASES)
    .some((base) => existsSync(`${root}${base}${name}`));

test("every file and folder docs/architecture.md names exists", () => {
  const paths = namedPaths(text);
  assert.ok(paths.length > 150, `${paths.length} paths read`);
  const missing = paths.filter((named) => !exists(named));
  assert.deepEqual(
    missing.map(({ name, section, line }) => `line ${line}: ${name}${section ? ` (in ${section})` : ""}`),
    [],
  );
});

test("a name that is not there is found out, in its section's folder or anywhere", () => {
  const page =
    "| **Sync** (`features/sync/`) | |\n| A rule | `snapshot.ts`, `gone.ts` |\n| Another | `shared/gone.ts` |";
  const missing = namedPaths(page).filter((named) => !exists(named));
  assert.deepEqual(
    missing.map(({ name }) => name),
    ["gone.ts", "shared/gone.ts"],
  );
});

test("every folder of service/src has a row in the folders table", () => {
  const table = text.slice(text.indexOf("## The folders"), text.indexOf("## Layers"));
  const rows = new Set([...table.matchAll(/^\| `([^`]+)`/gm)].map(([, name]) => name?.replace(/\/$/, "")));
  const folders = ["adapters", "auth", "config", "demo", "features", "http", "ports", "preflight"];
  for (const folder of [...folders, "registry", "repository", "shared"])
    assert.ok(rows.has(folder), `a row for ${folder}/`);
  for (const feature of [
    "attendance",
    "courts",
    "diagnostics",
    "links",
    "scores",
    "scoresheets",
    "sessions",
    "sync",
  ])
    assert.match(table, new RegExp(`\`${feature}/\``), `features/${feature}/ named`);
});

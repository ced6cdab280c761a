// `npm run -s import-graph`: the folder import graph of service/src, checked against the layers of
// docs/architecture.md ("Layers"): a folder imports its own files and lower layers only, and
// folders of one layer import each other without a loop. Prints the graph, then each upward
// import or loop; exits 1 when there is one.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const root = join(repo, "service/src");

/**
 * The layers, lowest first, from the table under "## Layers" in docs/architecture.md: each row's
 * second cell names its folders in backquotes (`features/*` stands for every folder in features/).
 * @param {string} text the page
 * @returns {string[][]}
 */
export function layersOf(text) {
  const section = text.split(/^## Layers$/m)[1]?.split(/^## /m)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => [...(line.split("|")[2] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ""));
}

/** @param {string} dir @returns {string[]} */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * The folder a file belongs to: `features/sync`, `adapters/google-sheets`, `auth`, or `.` for the
 * files at the top (app.ts, services.ts, main.ts).
 * @param {string} file a path under service/src
 */
export function folderOf(file) {
  const parts = relative(root, file).split("/");
  if (parts.length === 1) return ".";
  return ["features", "adapters"].includes(parts[0] ?? "") && parts.length > 2
    ? `${parts[0]}/${parts[1]}`
    : (parts[0] ?? ".");
}

/**
 * The imports between folders: "from → to" with the files that make each.
 * @returns {Map<string, string[]>}
 */
export function folderGraph() {
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  for (const file of sources(root)) {
    const text = readFileSync(file, "utf8");
    const imports = /^(?:(?:import|export)\s[^;]*?\bfrom\s*|import\s*)(["'])(\.[^"'\n]+)\1/gm;
    for (const match of text.matchAll(imports)) {
      const target = resolve(dirname(file), match[2] ?? "");
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const key = `${from} → ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${relative(root, file)} → ${relative(root, target)}`]);
    }
  }
  return edges;
}

/**
 * The upward imports and the loops of `edges` under `layers`.
 * @param {Map<string, string[]>} edges
 * @param {string[][]} layers
 * @returns {string[]}
 */
export function violations(edges, layers) {
  /** @param {string} folder */
  const layer = (folder) =>
    layers.findIndex((names) =>
      names.some((name) => name === folder || (name.endsWith("/*") && folder.startsWith(name.slice(0, -1)))),
    );
  const found = [];
  for (const [key, files] of edges) {
    const [from, to] = key.split(" → ");
    const [above, below] = [layer(from ?? ""), layer(to ?? "")];
    if (above < 0 || below < 0) found.push(`${key}: a folder no layer names (${files[0]})`);
    else if (below > above) found.push(`${key}: imports upward (${files.join(", ")})`);
  }
  /** @type {Map<string, string[]>} */
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = /** @type {[string, string]} */ (key.split(" → "));
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const done = new Set();
  /** @param {string} folder @param {string[]} path */
  const walk = (folder, path) => {
    if (path.includes(folder)) {
      found.push(`a loop: ${[...path.slice(path.indexOf(folder)), folder].join(" → ")}`);
      return;
    }
    if (done.has(folder)) return;
    for (const to of next.get(folder) ?? []) walk(to, [...path, folder]);
    done.add(folder);
  };
  for (const folder of next.keys()) walk(folder, []);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const layers = layersOf(readFileSync(join(repo, "docs/architecture.md"), "utf8"));
  const edges = folderGraph();
  for (const [key, files] of [...edges].sort()) process.stdout.write(`${key} (${files.length})\n`);
  const found = violations(edges, layers);
  for (const line of found) process.stdout.write(`✗ ${line}\n`);
  process.exit(found.length > 0 ? 1 : 0);
}

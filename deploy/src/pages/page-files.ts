import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import {
  type PagesAddresses,
  pagesContentSecurityPolicy,
  withContentSecurityPolicy,
} from "./content-security-policy.ts";

/** The files of one publication: repository path (below the pages' folder) → bytes. */
export type PageFiles = Map<string, Buffer>;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
}

/**
 * The files to publish from a built `web/dist`: every file as built, each page with the
 * Content-Security-Policy `<meta>` for these addresses, the production `config.json`, and
 * `.nojekyll` (GitHub Pages then serves the files as they are, `_`-prefixed ones included,
 * without a Jekyll build).
 * @example const files = await pageFiles("web/dist", { apiUrl, liveUrl, dataUrl: "./" }, pagesUrl);
 */
export async function pageFiles(
  dist: string,
  addresses: PagesAddresses,
  pagesUrl: string,
): Promise<PageFiles> {
  const policy = pagesContentSecurityPolicy(addresses, pagesUrl);
  const files: PageFiles = new Map();
  for (const file of (await filesUnder(dist)).sort()) {
    const path = relative(dist, file).split(sep).join("/");
    const bytes = await readFile(file);
    files.set(
      path,
      path.endsWith(".html") ? Buffer.from(withContentSecurityPolicy(bytes.toString("utf8"), policy)) : bytes,
    );
  }
  if (!files.has("index.html"))
    throw new Error(`${dist} holds no built pages (no index.html): build them first`);
  files.set("config.json", Buffer.from(`${JSON.stringify(addresses, null, 2)}\n`));
  files.set(".nojekyll", Buffer.alloc(0));
  return files;
}

/**
 * The order of writes that never leaves a page pointing at a file not yet published: hashed
 * assets first, then `config.json` and `.nojekyll`, the pages last.
 */
export function publishingOrder(paths: Iterable<string>): string[] {
  const rank = (path: string) =>
    path.endsWith(".html") ? 2 : path === "config.json" || path === ".nojekyll" ? 1 : 0;
  return [...paths].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

// Files from the built pages, then the data folder (`config/events.json`, `<event>/data/<day>.json`),
// read-only, as a static host serves them: @fastify/static with no directory listings, no dotfiles,
// no symlink leading out of its folder, redirects built from the encoded path, and the caching
// headers pages rely on (hashed assets kept for a year, everything else revalidated, 304s).
import { realpathSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { dataFiles } from "./data-files.ts";

/**
 * Serves the built pages, then the data folder (the first that has a path answers it) under `/`;
 * the data folder's JSON files through data-files.ts, read whole from one open file.
 * @example await staticFiles(app, { pagesDir: "web/dist", dataDir: "local/data" });
 */
export async function staticFiles(
  app: FastifyInstance,
  options: { pagesDir: string; dataDir: string },
): Promise<void> {
  const roots = [options.pagesDir, options.dataDir].map((root) => realpathSync(root));
  const [pagesRoot = "", dataRoot = ""] = roots;
  await dataFiles(app, { pagesRoot, dataRoot, insideRoot });
  await app.register(fastifyStatic, {
    root: roots,
    // A folder answers its index.html after a redirect that adds the slash its relative links need;
    // a folder without one is 404, never a list of its files.
    list: false,
    redirect: true,
    index: ["index.html"],
    dotfiles: "ignore",
    cacheControl: false,
    allowedPath: (pathname, root) => root !== undefined && insideRoot(root, pathname),
    setHeaders: (reply, path) => {
      // Vite names built assets by their content: they never change under the same name.
      (reply as unknown as { header(name: string, value: string): void }).header(
        "cache-control",
        /[\\/]assets[\\/]/.test(path) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
}

/**
 * True unless `pathname` under `root` is, or passes through, a symlink leading out of `root`. A
 * path that does not exist is let through: the file server answers it 404 or tries the next root.
 */
function insideRoot(root: string, pathname: string): boolean {
  let real: string;
  try {
    real = realpathSync(join(root, pathname));
  } catch {
    return true;
  }
  return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
}

// Files from the built pages, then the data folder (`config/events.json`, `<event>/data/<day>.json`),
// read-only, as a static host serves them: @fastify/static with no directory listings, no dotfiles,
// no symlink leading out of its folder, redirects built from the encoded path, and the caching
// headers pages rely on (hashed assets kept for a year, everything else revalidated, 304s).
import { realpathSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { dataFiles } from "./data-files.ts";
import { insideRoot } from "./inside-root.ts";

/**
 * Serves the built pages, then the data folder (the first that has a path answers it) under `/`;
 * the data folder's JSON files through data-files.ts, read whole from one open file.
 * @example await staticFiles(app, { pagesDir: "web/dist", dataDir: "local/data" });
 */
export async function staticFiles(
  app: FastifyInstance,
  options: { pagesDir: string; dataDir: string },
): Promise<void> {
  const pagesRoot = realpathSync(options.pagesDir);
  const dataRoot = realpathSync(options.dataDir);
  await dataFiles(app, { pagesRoot, dataRoot });
  await app.register(fastifyStatic, {
    root: [pagesRoot, dataRoot],
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

// Files from one or more folders, read-only, as a static host serves them: the built pages first,
// then the data folder (`config/events.json`, `<event>/data/<day>.json`), with the caching headers
// pages rely on (hashed assets kept for a year, everything else revalidated) and 304s.
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";

const TYPES = {
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};

/**
 * Answers a GET or HEAD for a file under one of `roots` (the first that has it); `false` when none does.
 * A folder answers its `index.html` (after a redirect that adds the slash its relative links need),
 * or, in the last root, a plain list of its entries. Names starting with a dot are never served.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} path the decoded request path
 * @param {string[]} roots
 * @returns {Promise<boolean>}
 */
export async function serveFile(req, res, path, roots) {
  if (path.split("/").some((segment) => segment.startsWith("."))) return false;
  for (const [index, root] of roots.entries()) {
    const base = resolve(root);
    const file = resolve(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) return false;
    const info = await stat(file).catch(() => undefined);
    if (info === undefined) continue;
    if (info.isDirectory()) {
      const page = await stat(join(file, "index.html")).catch(() => undefined);
      if (page?.isFile()) {
        if (!path.endsWith("/"))
          return redirect(res, `${path}/${new URL(req.url ?? "/", "http://front").search}`);
        return send(req, res, join(file, "index.html"), page);
      }
      if (index === roots.length - 1) return list(req, res, file);
      continue;
    }
    return send(req, res, file, info);
  }
  return false;
}

/** @param {import("node:http").ServerResponse} res @param {string} location */
function redirect(res, location) {
  res.writeHead(301, { location, "content-length": 0 });
  res.end();
  return true;
}

/**
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} file
 * @param {import("node:fs").Stats} info
 */
function send(req, res, file, info) {
  const modified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
  const headers = {
    "content-type": TYPES[extname(file)] ?? "application/octet-stream",
    "last-modified": modified.toUTCString(),
    // Vite names built assets by their content: they never change under the same name.
    "cache-control": /[\\/]assets[\\/]/.test(file) ? "public, max-age=31536000, immutable" : "no-cache",
  };
  const since = Date.parse(req.headers["if-modified-since"] ?? "");
  if (!Number.isNaN(since) && modified.getTime() <= since) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(200, { ...headers, "content-length": info.size });
  if (req.method === "HEAD") res.end();
  else createReadStream(file).pipe(res);
  return true;
}

/**
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} folder
 */
async function list(req, res, folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const names = entries
    .filter((entry) => !entry.name.startsWith(".") && !entry.name.endsWith(".tmp"))
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache" });
  res.end(req.method === "HEAD" ? undefined : `${names.join("\n")}\n`);
  return true;
}

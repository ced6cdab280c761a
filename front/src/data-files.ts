// The data folder's JSON files (`config/events.json`, `<event>/data/<day>.json`, a day's link list),
// read whole from one open file. The service replaces them while phones read them (a new file
// renamed into place), and a file server that looks at a file's size, then opens it by its name,
// can open the new file and send as many bytes as the old one had: a cut JSON that a phone would
// keep. Holding the file open from the size to the last byte, a reader gets one version whole.
import type { FileHandle } from "node:fs/promises";
import { access, open } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { insideRoot } from "./inside-root.ts";

/** The largest data file served (a day of 8 halls × 300 matches is about 0.4 MB). */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Answers GET for `.json` files under `dataRoot` that `pagesRoot` does not have (the pages
 * answer first, as with the other files), with the validators of `@fastify/static` (a weak ETag of
 * size and time, Last-Modified) and its 304s. Anything else goes on to the static files.
 * @example await dataFiles(app, { pagesRoot: "web/dist", dataRoot: "local/data" });
 */
export async function dataFiles(
  app: FastifyInstance,
  options: { pagesRoot: string; dataRoot: string },
): Promise<void> {
  app.addHook("onRequest", async (request, reply) => {
    // HEAD sends no bytes, so the file server's own answer cannot be cut.
    if (request.method !== "GET") return;
    const pathname = jsonPath(request.url);
    if (pathname === undefined || !insideRoot(options.dataRoot, pathname)) return;
    if (await exists(join(options.pagesRoot, pathname))) return;
    let file: FileHandle;
    try {
      file = await open(join(options.dataRoot, pathname), "r");
    } catch {
      return;
    }
    try {
      const stat = await file.stat();
      if (!stat.isFile() || stat.size > MAX_BYTES) return;
      return answer(request, reply, await file.readFile(), stat.mtime);
    } finally {
      await file.close();
    }
  });
}

/** The path of a request for a `.json` file, decoded, without dot segments or dotfiles; else undefined. */
function jsonPath(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split("?")[0] ?? "");
  } catch {
    return undefined;
  }
  if (!pathname.endsWith(".json") || pathname.includes("\0")) return undefined;
  const clean = normalize(pathname);
  if (clean !== pathname || clean.split(sep).some((part) => part.startsWith("."))) return undefined;
  return clean;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The file's answer: 304 when the caller's copy is this one, else the bytes. */
function answer(request: FastifyRequest, reply: FastifyReply, body: Buffer, mtime: Date) {
  const etag = `W/"${body.length.toString(16)}-${mtime.getTime().toString(16)}"`;
  const modified = mtime.toUTCString();
  reply
    .header("cache-control", "no-cache")
    .header("etag", etag)
    .header("last-modified", modified)
    .header("content-type", "application/json; charset=utf-8");
  const ifNoneMatch = request.headers["if-none-match"];
  const ifModifiedSince = request.headers["if-modified-since"];
  const unchanged =
    ifNoneMatch !== undefined
      ? ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag.replace(/^W\//, ""))
      : ifModifiedSince !== undefined &&
        Date.parse(ifModifiedSince) >= Math.floor(mtime.getTime() / 1000) * 1000;
  if (unchanged) return reply.code(304).send();
  return reply.send(body);
}

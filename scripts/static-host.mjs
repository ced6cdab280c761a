// The local stand-in for the static site: serves the data folder over plain HTTP/1.1, read-only,
// with the CORS and caching headers pages need to poll it. Used by `npm start` (scripts/start.mjs).
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";

const TYPES = {
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * Starts the static host on 127.0.0.1.
 * @param {{ root: string, port: number }} options port 0 takes a free one
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 * @example const host = await startStaticHost({ root: "./local/data", port: 8000 }); // GET /junior-open/data/open-sat.json
 */
export async function startStaticHost({ root, port }) {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    const headers = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-cache" };
    const answer = (status, text) => {
      response.writeHead(status, { ...headers, "Content-Type": "text/plain; charset=utf-8" });
      response.end(request.method === "HEAD" ? undefined : `${text}\n`);
    };
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("Allow", "GET, HEAD");
      return answer(405, "read-only");
    }
    let path;
    try {
      path = decodeURIComponent(new URL(request.url ?? "/", "http://host").pathname);
    } catch {
      return answer(400, "bad path");
    }
    const file = resolve(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) return answer(404, "not found");
    try {
      const info = await stat(file);
      if (info.isDirectory()) {
        const entries = await readdir(file, { withFileTypes: true });
        const names = entries
          .filter((entry) => !entry.name.startsWith(".") && !entry.name.endsWith(".tmp"))
          .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
          .sort();
        return answer(200, names.join("\n"));
      }
      response.writeHead(200, {
        ...headers,
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Content-Length": info.size,
      });
      if (request.method === "HEAD") return response.end();
      createReadStream(file).pipe(response);
    } catch {
      answer(404, "not found");
    }
  });
  await new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done(undefined));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done(undefined));
      }),
  };
}

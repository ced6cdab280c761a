// The local front: the one origin a browser uses on the local stack (`npm start`), standing in for
// production's static site + Cloud Run + relay. It serves
//   - the built pages (web/dist) and their config.json,
//   - the data folder, as the static site serves the data repository,
//   - /v3/*, /ping and /openapi.json, proxied to the h2c service (./h2c-proxy.mjs),
//   - WebSocket upgrades on /live/* and /attendance/*, passed to the relay (./socket-proxy.mjs).
import { createServer } from "node:http";
import { createH2cProxy } from "./h2c-proxy.mjs";
import { createSocketProxy } from "./socket-proxy.mjs";
import { serveFile } from "./static-files.mjs";

/** Paths the service answers: everything under /v3, and the two unversioned routes. */
const SERVICE_PATH = /^\/(v3(\/|$)|ping$|openapi\.json$)/;
/** The relay's socket paths. */
const RELAY_SOCKET_PATH = /^\/(live|attendance)\//;

/**
 * Starts the front.
 * @param {{ pagesDir: string, dataDir: string, service: string, relay: string, port: number, host?: string }} options
 *   `host` 127.0.0.1 by default; `0.0.0.0` serves the LAN (`npm start -- --lan`). Port 0 takes a free one.
 * @returns {Promise<{ port: number, close(): Promise<void> }>}
 * @example const front = await startFront({ pagesDir: "web/dist", dataDir: "local/data", service, relay, port: 8000 });
 */
export async function startFront({ pagesDir, dataDir, service, relay, port, host = "127.0.0.1" }) {
  const proxy = createH2cProxy(service);
  // Relative addresses: config.json is right for every address the front is reached at (LAN included).
  const config = `${JSON.stringify({ apiUrl: "./", liveUrl: "./", dataUrl: "./" })}\n`;
  const server = createServer(async (req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://front").pathname);
    } catch {
      return plain(res, 400, "bad path");
    }
    if (SERVICE_PATH.test(path)) return proxy.handle(req, res);
    res.setHeader("x-content-type-options", "nosniff");
    res.setHeader("access-control-allow-origin", "*");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("allow", "GET, HEAD");
      return plain(res, 405, "read-only");
    }
    if (path === "/config.json") {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-cache" });
      return res.end(req.method === "HEAD" ? undefined : config);
    }
    if (!(await serveFile(req, res, path, [pagesDir, dataDir]).catch(() => false)))
      plain(res, 404, "not found");
  });
  const relaySocket = createSocketProxy(relay);
  server.on("upgrade", (req, socket, head) => {
    if (RELAY_SOCKET_PATH.test(new URL(req.url ?? "/", "http://front").pathname)) {
      return relaySocket.handle(req, socket, head);
    }
    socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  });
  await new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done(undefined));
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    close: () =>
      new Promise((done) => {
        proxy.close();
        relaySocket.close();
        server.closeAllConnections();
        server.close(() => done(undefined));
      }),
  };
}

/** @param {import("node:http").ServerResponse} res @param {number} status @param {string} text */
function plain(res, status, text) {
  if (res.headersSent) return res.end();
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache" });
  res.end(`${text}\n`);
}

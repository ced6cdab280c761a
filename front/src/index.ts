// The local front: the one origin a browser uses on the local stack (`npm start`), standing in for
// production's static site + Cloud Run + relay. A Fastify app that serves
//   - the built pages and their config.json, and the data folder (./static-files.ts),
//   - /v3/*, /ping and /openapi.json, forwarded to the h2c service (./h2c-forward.ts),
//   - WebSocket upgrades on /live/* and /attendance/*, passed to the relay (./relay-sockets.ts),
// each answer with the security headers (./security-headers.ts), and holds against bad clients:
// connections (./connection-caps.ts), requests in flight, calls to the service
// (./service-routes.ts) and sockets are capped per client address and in all, streams to the
// service are kept for token holders, and every request is timed.
import { createServer } from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import { refuse, SERVICE_PATH } from "./answers.ts";
import { clientKey, Holdings } from "./client-address.ts";
import { capConnections } from "./connection-caps.ts";
import { relaySockets } from "./relay-sockets.ts";
import { securityHeaders } from "./security-headers.ts";
import { serviceRoutes } from "./service-routes.ts";
import { FRONT_SETTINGS, type FrontSettings } from "./settings.ts";
import { staticFiles } from "./static-files.ts";
import { type TokenKeys, tokenHolder } from "./token-holders.ts";
import { UpstreamPool } from "./upstream-pool.ts";

export { type PagesAddresses, pagesCsp } from "./csp.ts";
export { FRONT_SETTINGS, type FrontSettings, frontSettings } from "./settings.ts";
export type { TokenKeys } from "./token-holders.ts";

/** Relative addresses: config.json is right for every address the front is reached at (LAN included). */
const CONFIG = { apiUrl: "./", liveUrl: "./", dataUrl: "./" };

export interface FrontOptions {
  pagesDir: string;
  dataDir: string;
  /** The h2c service, e.g. `http://127.0.0.1:8080`. */
  service: string;
  /** The relay, e.g. `http://127.0.0.1:8787`. */
  relay: string;
  /** 0 takes a free port. */
  port: number;
  /** `127.0.0.1` by default; `0.0.0.0` serves the LAN (`npm start -- --lan`). */
  host?: string;
  /** The bounds; {@link FRONT_SETTINGS} unless given (tests shorten the timeouts). */
  settings?: Partial<FrontSettings>;
  /** The service's token secrets: calls carrying its tokens use the streams kept for them. */
  tokens?: TokenKeys;
}

export interface RunningFront {
  port: number;
  /** Connections open now and closed for being over a cap. */
  connections: { readonly open: number; readonly refused: number };
  /** The Fastify app (tests read its parts' state). */
  app: FastifyInstance;
  /** Lets the calls in flight finish and opens no new stream (before the service is stopped). */
  drain(): void;
  close(): Promise<void>;
}

/**
 * Starts the front.
 * @example const front = await startFront({ pagesDir: "web/dist", dataDir: "local/data", service, relay, port: 8000 });
 */
export async function startFront(options: FrontOptions): Promise<RunningFront> {
  const settings = { ...FRONT_SETTINGS, ...options.settings };
  const pool = new UpstreamPool(options.service, settings.upstreamSessions, settings.upstreamReserved);
  const sockets = relaySockets(options.relay, settings);
  const inFlight = new Holdings(settings.inFlightPerClient);
  const app = Fastify({
    logger: false,
    // The socket's address is the client: nothing stands in front of this server.
    trustProxy: false,
    forceCloseConnections: true,
    serverFactory: (handler) =>
      createServer(
        {
          headersTimeout: settings.headersTimeoutMs,
          requestTimeout: settings.requestTimeoutMs,
          // Node checks both timeouts this often (30 s by default, longer than the timeouts).
          connectionsCheckingInterval: Math.min(1_000, settings.headersTimeoutMs),
        },
        handler,
      ),
  });

  const connections = capConnections(app.server, {
    perClient: settings.connectionsPerClient,
    inAll: settings.connectionsInAll,
  });
  await securityHeaders(app, CONFIG);
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (!SERVICE_PATH.test(path)) reply.header("access-control-allow-origin", "*");
    const release = inFlight.take(clientKey(request.socket.remoteAddress));
    if (release === undefined) {
      reply.hijack();
      return refuse(reply.raw, path, 429, "rate_limited", "too many requests at once from this address", {
        "retry-after": "1",
      });
    }
    reply.raw.once("close", release);
  });

  await serviceRoutes(app, pool, settings, tokenHolder(options.tokens));
  app.get("/config.json", (_request, reply) => {
    reply.header("cache-control", "no-cache").send(CONFIG);
  });
  await staticFiles(app, { pagesDir: options.pagesDir, dataDir: options.dataDir });
  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: "/*",
    handler: (_request, reply) => {
      reply.code(405).header("allow", "GET, HEAD").type("text/plain; charset=utf-8").send("read-only\n");
    },
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).header("cache-control", "no-cache").type("text/plain; charset=utf-8").send("not found\n");
  });
  app.server.on("upgrade", sockets.handle);

  await app.listen({ port: options.port, host: options.host ?? "127.0.0.1" });
  const address = app.server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    connections,
    app,
    drain: () => pool.drain(),
    close: async () => {
      sockets.close();
      pool.close();
      await app.close();
    },
  };
}

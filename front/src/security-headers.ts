// The headers every answer of the front carries: @fastify/helmet's (X-Frame-Options DENY,
// Referrer-Policy no-referrer, X-Content-Type-Options nosniff, …) and the pages' CSP from
// `pagesCsp`, with the relay's `ws:` address at the host the page was loaded from.
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { type PagesAddresses, pagesCsp } from "./csp.ts";

/** A `Host` header that is a plain host name or address with an optional port, safe inside a header. */
const PLAIN_HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * Registers the headers on `app` for pages whose config.json holds `addresses`.
 * @example await securityHeaders(app, { apiUrl: "./", liveUrl: "./", dataUrl: "./" });
 */
export async function securityHeaders(app: FastifyInstance, addresses: PagesAddresses): Promise<void> {
  await app.register(helmet, {
    // Written below from pagesCsp, the one policy every host of the pages sends.
    contentSecurityPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    // Plain HTTP on the venue Wi-Fi: browsers ignore HSTS there, and it would mislead.
    strictTransportSecurity: false,
    // The data files are read by other sites' pages too, as from the production static host.
    crossOriginResourcePolicy: false,
  });
  app.addHook("onRequest", async (request, reply) => {
    const host = request.headers.host;
    const page = host !== undefined && PLAIN_HOST.test(host) ? `http://${host}${request.url}` : undefined;
    reply.header("content-security-policy", pagesCsp(addresses, page));
  });
}

// /v3/*, /ping and /openapi.json, forwarded to the h2c service (./h2c-forward.ts). The streams to
// the service are shared so that no few addresses can hold them all: a call without a token the
// service issued counts against its address's small share (`upstreamPerClient`), and the streams
// kept for token holders (`upstreamReserved`) stay free for the organiser, the desks and the
// scorers however many addresses hold slow calls (docs/reliability.md, "Venue front").
import type { FastifyInstance } from "fastify";
import { refuse } from "./answers.ts";
import { clientKey, Holdings } from "./client-address.ts";
import { forward } from "./h2c-forward.ts";
import type { FrontSettings } from "./settings.ts";
import type { TokenHolder } from "./token-holders.ts";
import type { UpstreamPool } from "./upstream-pool.ts";

/**
 * Registers the service's paths on `app`, forwarding through `pool`.
 * @example await serviceRoutes(app, pool, settings, tokenHolder(keys));
 */
export async function serviceRoutes(
  app: FastifyInstance,
  pool: UpstreamPool,
  settings: Pick<FrontSettings, "bodyStallMs" | "upstreamPerClient">,
  holdsToken: TokenHolder,
): Promise<void> {
  const shares = new Holdings(settings.upstreamPerClient);
  await app.register(async (service) => {
    // Bodies are the service's to read: they stream through untouched.
    service.removeAllContentTypeParsers();
    service.addContentTypeParser("*", (_request, _body, done) => done(null));
    for (const url of ["/v3", "/v3/*", "/ping", "/openapi.json"]) {
      service.all(url, (request, reply) => {
        reply.hijack();
        const kept = holdsToken(request.headers);
        const release = kept ? () => {} : shares.take(clientKey(request.socket.remoteAddress));
        if (release === undefined) {
          return refuse(
            reply.raw,
            request.url.split("?")[0] ?? "/",
            429,
            "rate_limited",
            "too many calls to the service at once from this address",
            { "retry-after": "1" },
          );
        }
        reply.raw.once("close", release);
        forward(request.raw, reply.raw, pool, { bodyStallMs: settings.bodyStallMs, kept });
      });
    }
  });
}

import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams } from "../../http/schemas.ts";
import type { DayNotices } from "../notices/index.ts";
import type { LinkBook } from "./link-book.ts";
import { LinkListSchema, LinkParams, RevocationSchema } from "./schemas.ts";

/**
 * The links of a day (operator only): `GET /v3/days/{day}/links` lists the desk and scorer links
 * issued for it, with their labels, expiry, last use and revocation; `PUT
 * /v3/days/{day}/links/{linkId}/revocation` revokes one (idempotent) and tells its day's open
 * pages through the relay (`notices`). No frozen twins: new routes, a minor version.
 */
export function linkRoutes(links: LinkBook, notices?: Pick<DayNotices, "linkRevoked">): RouteDefinition[] {
  return [
    defineRoute({
      method: "GET",
      url: "/v3/days/:day/links",
      operationId: "listLinks",
      summary: "List the desk and scorer links issued for a day (never their tokens)",
      tags: ["links"],
      auth: ["operator"],
      params: DayParams,
      response: { 200: LinkListSchema },
      errors: ["unknown_day", "config_unavailable"],
      handler: async (request) => ({ day: request.params.day, links: await links.list(request.params.day) }),
    }),
    defineRoute({
      method: "PUT",
      url: "/v3/days/:day/links/:linkId/revocation",
      operationId: "revokeLink",
      summary: "Revoke one link: it is refused on every route within SYNC_CONFIG_TTL_MS",
      tags: ["links"],
      auth: ["operator"],
      params: LinkParams,
      response: { 200: RevocationSchema },
      errors: ["unknown_day", "not_found", "conflict", "config_unavailable", "upstream_failure"],
      handler: async (request) => {
        const revoked = await links.revoke(request.params.day, request.params.linkId);
        // The link's open page turns at once (its next request would be refused anyway).
        await notices?.linkRevoked(request.params.day, revoked.link.linkId);
        return { day: request.params.day, ...revoked };
      },
    }),
  ];
}

import type { AppContext } from "../../app-context.ts";
import { linkIdOf } from "../../auth/link-id.ts";
import { readLinkLabel } from "../../auth/link-labels.ts";
import { segment } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams } from "../../http/schemas.ts";
import { issueDeskLink } from "./desk-link.ts";
import { DeskLinkBody, DeskLinkResponse, FrozenDeskLinkResponse } from "./schemas.ts";

const ERRORS = ["not_found", "forbidden", "unknown_day", "config_unavailable"] as const;

/** Desk-link issuing (operator only) and its frozen `/v1` twin, which ignores any body. */
export function deskLinkRoutes(ctx: AppContext): RouteDefinition[] {
  /** Issues the link and adds it to the day's link list, so it can be seen and revoked. */
  const issue = async (dayKey: string, label: { issuedTo: string | null; note: string | null }) => {
    const ref = await ctx.registry.findDay(dayKey);
    const link = issueDeskLink(ctx.signer, ref, label, ctx.clock.now());
    const linkId = linkIdOf(link.token);
    await ctx.links.record(ref, "desk", { ...link, linkId });
    return { ...link, linkId };
  };
  return [
    defineRoute({
      method: "POST",
      url: "/v3/days/:day/attendance/desk-links",
      summary: "Issue a desk link (a desk token valid to the end of the day in Asia/Manila)",
      tags: ["attendance"],
      auth: ["operator"],
      params: DayParams,
      body: DeskLinkBody,
      response: { 201: DeskLinkResponse },
      errors: ERRORS,
      handler: async (request, reply) => {
        const label = {
          issuedTo: readLinkLabel(request.body.issuedTo, "issuedTo"),
          note: readLinkLabel(request.body.note, "note"),
        };
        const link = await issue(request.params.day, label);
        reply.code(201);
        return link;
      },
    }),
    defineRoute({
      method: "POST",
      url: "/v1/days/:day/attendance/desk-links",
      summary: "Issue an unlabelled desk link (frozen)",
      tags: ["attendance"],
      auth: ["operator"],
      params: DayParams,
      frozen: { successor: ({ params }) => `/v3/days/${segment(params.day)}/attendance/desk-links` },
      response: { 201: FrozenDeskLinkResponse },
      errors: ERRORS,
      handler: async (request, reply) => {
        const { token, expiresAt, day } = await issue(request.params.day, { issuedTo: null, note: null });
        reply.code(201);
        return { token, expiresAt, day };
      },
    }),
  ];
}

import { Type } from "@sinclair/typebox";
import type { AppContext } from "../../app-context.ts";
import { linkIdOf } from "../../auth/link-id.ts";
import { readLinkLabels } from "../../auth/link-labels.ts";
import { segment } from "../../http/frozen.ts";
import type { RouteDefinition } from "../../http/route.ts";
import { defineRoute } from "../../http/route.ts";
import { DayParams, Nullable } from "../../http/schemas.ts";
import { issueScorerLink } from "./scorer-links.ts";

const IssueBody = Type.Object(
  { issuedTo: Type.Optional(Nullable(Type.String())), note: Type.Optional(Nullable(Type.String())) },
  { description: "labels signed into the link: text, at most 40 characters after trimming" },
);

const ScorerLink = Type.Object({
  token: Type.String(),
  expiresAt: Type.Integer({ description: "epoch milliseconds" }),
  day: Type.String(),
  issuedTo: Nullable(Type.String()),
  note: Nullable(Type.String()),
  linkId: Type.String({
    description: "the link's id in the day's link list: SHA-256 of the token, base64url",
  }),
});

const FrozenScorerLink = Type.Object({ token: Type.String(), expiresAt: Type.Integer(), day: Type.String() });

const errors = ["unknown_day", "forbidden", "score_entry_off", "config_unavailable"] as const;

/**
 * Scorer-link issue (operator only): `POST /v3/days/{day}/scores/scorer-links` with optional
 * `{ issuedTo?, note? }`, and the frozen `/v1` twin that ignores any body.
 * @example POST /v3/days/open-sat/scores/scorer-links { "issuedTo": "Ana", "note": "Court 3" } → 201
 */
export function scorerLinkRoutes(ctx: AppContext): RouteDefinition[] {
  /** Issues the link and adds it to the day's link list, so it can be seen and revoked. */
  const issue = async (dayKey: string, label: { issuedTo: string | null; note: string | null }) => {
    const link = await issueScorerLink(ctx, dayKey, label);
    const linkId = linkIdOf(link.token);
    await ctx.links.record(await ctx.registry.findDay(dayKey), "scorer", { ...link, linkId });
    return { ...link, linkId };
  };
  return [
    defineRoute({
      method: "POST",
      url: "/v3/days/:day/scores/scorer-links",
      summary: "Issue a scorer link (valid 24 hours)",
      tags: ["score entry"],
      auth: ["operator"],
      params: DayParams,
      body: IssueBody,
      response: { 201: ScorerLink },
      errors,
      handler: async (request, reply) => {
        const label = readLinkLabels(request.body);
        return reply.code(201).send(await issue(request.params.day, label));
      },
    }),
    defineRoute({
      method: "POST",
      url: "/v1/days/:day/scores/scorer-links",
      summary: "Issue a scorer link (frozen; ignores any body)",
      tags: ["score entry"],
      auth: ["operator"],
      params: DayParams,
      frozen: { successor: ({ params }) => `/v3/days/${segment(params.day)}/scores/scorer-links` },
      response: { 201: FrozenScorerLink },
      errors,
      handler: async (request, reply) => {
        const { token, expiresAt, day } = await issue(request.params.day, { issuedTo: null, note: null });
        return reply.code(201).send({ token, expiresAt, day });
      },
    }),
  ];
}

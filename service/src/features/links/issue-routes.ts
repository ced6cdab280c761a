import { type TSchema, Type } from "@sinclair/typebox";
import { type DayLink, IssuedDayLink, type RecordLink } from "../../auth/day-links.ts";
import { readLinkLabels } from "../../auth/link-labels.ts";
import { frozenTwin } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams } from "../../http/schemas.ts";
import type { ErrorCode } from "../../shared/errors.ts";
import type { LinkLabel } from "../../shared/link-rules.ts";

/** The 201 body of a `/v3` desk or scorer link issue. */
export const IssuedLink = Type.Object({
  ...IssuedDayLink.properties,
  linkId: Type.String({
    description: "the link's id in the day's link list: SHA-256 of the token, base64url",
  }),
});

/** The 201 body of a frozen `/v1` link issue: exactly `{ token, expiresAt, day }`. */
const FrozenIssuedLink = Type.Pick(IssuedDayLink, ["token", "expiresAt", "day"]);

const UNLABELLED: LinkLabel = { issuedTo: null, note: null };

/**
 * A link-issue route (operator only) and its frozen `/v1` twin, which ignores any body and answers
 * exactly `{ token, expiresAt, day }`. `issue` applies the feature's own refusals; every link
 * either route issues is recorded in its day's link list, and the `/v3` answer adds its `linkId`.
 * @example dayLinkRoutes({ url: "/v3/days/:day/scores/scorer-links", kind: "scorer", …, issue }, { url: "/v1/days/:day/scores/scorer-links", … }, record);
 */
export function dayLinkRoutes<B extends TSchema>(
  route: {
    url: string;
    kind: "desk" | "scorer";
    operationId: string;
    summary: string;
    tags: readonly string[];
    body: B;
    errors: readonly ErrorCode[];
    issue: (day: string, label: LinkLabel) => Promise<DayLink>;
  },
  twin: { url: string; summary: string },
  record: RecordLink,
): RouteDefinition[] {
  const issue = async (day: string, label: LinkLabel) => {
    const link = await route.issue(day, label);
    return { ...link, linkId: await record(route.kind, link) };
  };
  const v3 = defineRoute({
    method: "POST",
    url: route.url,
    operationId: route.operationId,
    summary: route.summary,
    tags: route.tags,
    auth: ["operator"],
    params: DayParams,
    body: route.body,
    response: { 201: IssuedLink },
    errors: route.errors,
    handler: async (request, reply) =>
      reply.code(201).send(await issue(request.params.day, readLinkLabels(request.body))),
  });
  return [
    v3,
    frozenTwin(
      v3,
      { url: twin.url, summary: twin.summary, body: null, response: { 201: FrozenIssuedLink } },
      {
        handler: async (request, reply) => {
          const { token, expiresAt, day } = await issue(request.params.day, UNLABELLED);
          return reply.code(201).send({ token, expiresAt, day });
        },
      },
    ),
  ];
}

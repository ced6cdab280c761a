import type { TSchema } from "@sinclair/typebox";
import { frozenTwin } from "../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../http/route.ts";
import { DayParams } from "../http/schemas.ts";
import type { ErrorCode } from "../shared/errors.ts";
import { readLinkLabels } from "./link-labels.ts";
import type { TokenSigner } from "./tokens.ts";

/** The labels signed into a link (attribution, not authentication). */
export interface LinkLabel {
  issuedTo: string | null;
  note: string | null;
}

/** The 201 body of a `/v3` link issue: the token, its expiry (epoch ms), its day and its labels. */
export interface DayLink extends LinkLabel {
  token: string;
  expiresAt: number;
  day: string;
}

/**
 * Adds an issued link to its day's link list (`features/links/`), so it can be seen and revoked,
 * and answers the link's id there.
 */
export type RecordLink = (kind: "desk" | "scorer", link: DayLink) => Promise<string>;

const UNLABELLED: LinkLabel = { issuedTo: null, note: null };

/**
 * Signs a desk or scorer link for a day, valid until `exp`, with its labels.
 * @example issueDayLink(signer, "scorer", "open-sat", now + 86_400_000, { issuedTo: "Ana", note: null });
 */
export function issueDayLink(
  signer: TokenSigner,
  kind: "desk" | "scorer",
  day: string,
  exp: number,
  label: LinkLabel,
): DayLink {
  const { token, expiresAt } = signer.issueDayToken(kind, { exp, day, to: label.issuedTo, note: label.note });
  return { token, expiresAt, day, ...label };
}

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
    response: TSchema;
    errors: readonly ErrorCode[];
    issue: (day: string, label: LinkLabel) => Promise<DayLink>;
  },
  twin: { url: string; summary: string; response: TSchema },
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
    response: { 201: route.response },
    errors: route.errors,
    handler: async (request, reply) =>
      reply.code(201).send(await issue(request.params.day, readLinkLabels(request.body))),
  });
  return [
    v3,
    frozenTwin(
      v3,
      { url: twin.url, summary: twin.summary, body: null, response: { 201: twin.response } },
      {
        handler: async (request, reply) => {
          const { token, expiresAt, day } = await issue(request.params.day, UNLABELLED);
          return reply.code(201).send({ token, expiresAt, day });
        },
      },
    ),
  ];
}

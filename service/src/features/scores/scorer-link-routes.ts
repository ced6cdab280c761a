import { Type } from "@sinclair/typebox";
import { type DayLink, dayLinkRoutes, type LinkLabel, type RecordLink } from "../../auth/day-links.ts";
import type { RouteDefinition } from "../../http/route.ts";
import { JsonBody, Nullable } from "../../http/schemas.ts";

const IssueBody = JsonBody(
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

/**
 * Scorer-link issue (operator only): `POST /v3/days/{day}/scores/scorer-links` with optional
 * `{ issuedTo?, note? }`, and the frozen `/v1` twin that ignores any body.
 * @example POST /v3/days/open-sat/scores/scorer-links { "issuedTo": "Ana", "note": "Court 3" } → 201
 */
export function scorerLinkRoutes(
  issue: (day: string, label: LinkLabel) => Promise<DayLink>,
  record: RecordLink,
): RouteDefinition[] {
  return dayLinkRoutes(
    {
      url: "/v3/days/:day/scores/scorer-links",
      kind: "scorer",
      operationId: "issueScorerLink",
      summary: "Issue a scorer link (valid 24 hours)",
      tags: ["score entry"],
      body: IssueBody,
      response: ScorerLink,
      errors: ["unknown_day", "forbidden", "score_entry_off", "config_unavailable"],
      issue,
    },
    {
      url: "/v1/days/:day/scores/scorer-links",
      summary: "Issue a scorer link (frozen; ignores any body)",
      response: FrozenScorerLink,
    },
    record,
  );
}

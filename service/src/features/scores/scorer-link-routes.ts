import { Type } from "@sinclair/typebox";
import type { DayLink, RecordLink } from "../../auth/day-links.ts";
import type { RouteDefinition } from "../../http/route.ts";
import { JsonBody, Nullable } from "../../http/schemas.ts";
import type { LinkLabel } from "../../shared/link-rules.ts";
import { dayLinkRoutes } from "../links/issue-routes.ts";

const IssueBody = JsonBody(
  { issuedTo: Type.Optional(Nullable(Type.String())), note: Type.Optional(Nullable(Type.String())) },
  { description: "labels signed into the link: text, at most 40 characters after trimming" },
);

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
      errors: ["unknown_day", "forbidden", "score_entry_off", "config_unavailable"],
      issue,
    },
    {
      url: "/v1/days/:day/scores/scorer-links",
      summary: "Issue a scorer link (frozen; ignores any body)",
    },
    record,
  );
}

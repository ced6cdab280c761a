import { type TSchema, Type } from "@sinclair/typebox";
import { segment } from "../../http/frozen.ts";
import type { RouteDefinition, RouteRequest } from "../../http/route.ts";
import { defineRoute } from "../../http/route.ts";
import { FacilityParams } from "../../http/schemas.ts";
import { PublishedSchema } from "./published.ts";
import { MatchRecord, ScoreBody } from "./score-body.ts";
import type { ScoreEntry } from "./score-entry.ts";

const MatchParams = Type.Composite([FacilityParams, Type.Object({ matchNumber: Type.String() })]);

const SavedMatch = Type.Composite([MatchRecord, Type.Object({ published: PublishedSchema })], {
  description: "the match record as saved, and what the facility sync published",
});

/**
 * The score PUT (`/v3` and its frozen `/v1` twin): operator or scorer, never the sync secret.
 * @example PUT /v3/days/open-sat/facilities/Hall%20A/matches/12/score
 */
export function scoreRoutes(scores: ScoreEntry): RouteDefinition[] {
  // One handler for both twins, so the frozen route cannot drift from `/v3`.
  const enter = async (request: RouteRequest<typeof ScoreBody, typeof MatchParams, TSchema>) =>
    scores.enter({
      dayKey: request.params.day,
      facilityName: request.params.facility,
      matchNumber: request.params.matchNumber,
      body: request.body,
      principal: request.principal,
    });
  const common = {
    method: "PUT",
    auth: ["operator", "scorer"],
    tags: ["score entry"],
    params: MatchParams,
    body: ScoreBody,
    bodyRequired: true,
    response: { 200: SavedMatch },
    errors: [
      "unknown_day",
      "unknown_facility",
      "forbidden",
      "score_entry_off",
      "not_found",
      "score_conflict",
      "schedule_layout",
      "upstream_failure",
      "service_busy",
      "config_unavailable",
    ],
  } as const;
  return [
    defineRoute({
      ...common,
      url: "/v3/days/:day/facilities/:facility/matches/:matchNumber/score",
      summary: "Enter, correct or clear a match score, then publish the facility",
      handler: enter,
    }),
    defineRoute({
      ...common,
      url: "/v1/days/:day/facilities/:facility/matches/:matchNumber/score",
      summary: "Enter, correct or clear a match score (frozen)",
      frozen: {
        successor: ({ params }) =>
          `/v3/days/${segment(params.day)}/facilities/${segment(params.facility)}/matches/${segment(params.matchNumber)}/score`,
      },
      handler: enter,
    }),
  ];
}

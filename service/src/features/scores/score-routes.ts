import { Type } from "@sinclair/typebox";
import { frozenTwin } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
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
  const v3 = defineRoute({
    method: "PUT",
    url: "/v3/days/:day/facilities/:facility/matches/:matchNumber/score",
    operationId: "enterScore",
    summary: "Enter, correct or clear a match score, then publish the facility",
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
    handler: async ({ params, body, principal }) =>
      scores.enter({
        dayKey: params.day,
        facilityName: params.facility,
        matchNumber: params.matchNumber,
        body,
        principal,
      }),
  });
  return [
    v3,
    frozenTwin(v3, {
      url: "/v1/days/:day/facilities/:facility/matches/:matchNumber/score",
      summary: "Enter, correct or clear a match score (frozen)",
    }),
  ];
}

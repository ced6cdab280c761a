import { type TSchema, Type } from "@sinclair/typebox";
import { frozenTwin } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition, type RouteRequest } from "../../http/route.ts";
import { FacilityParams } from "../../http/schemas.ts";
import { PublishedSchema } from "./published.ts";
import { MatchRecord, ScoreBody } from "./score-body.ts";
import type { ScoreEntry } from "./score-entry.ts";

const MatchParams = Type.Composite([FacilityParams, Type.Object({ matchNumber: Type.String() })]);

/** The frozen twin's 200 body, as 3.0 answered it. */
const FrozenSavedMatch = Type.Composite([MatchRecord, Type.Object({ published: PublishedSchema })], {
  description: "the match record as saved, and what the facility sync published",
});

/** A note on a match's score cells, `<label> · yyyy-MM-dd HH:mm` (Manila), or null for none. */
const note = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const SavedMatch = Type.Composite(
  [
    MatchRecord,
    Type.Object({
      note: note(
        "who wrote the score: the note on its score cells after the save, `<label> · yyyy-MM-dd HH:mm`",
      ),
      previousNote: note("who wrote the score this save replaced (null: its cells had no note)"),
      published: PublishedSchema,
    }),
  ],
  // The 3.0 description: a changed one would read as a breaking change of the /v3 document.
  { description: "the match record as saved, and what the facility sync published" },
);

/**
 * The score PUT (`/v3` and its frozen `/v1` twin): operator or scorer, never the sync secret.
 * @example PUT /v3/days/open-sat/facilities/Hall%20A/matches/12/score
 */
export function scoreRoutes(scores: ScoreEntry): RouteDefinition[] {
  const enter = ({ params, body, principal }: RouteRequest<typeof ScoreBody, typeof MatchParams, TSchema>) =>
    scores.enter({
      dayKey: params.day,
      facilityName: params.facility,
      matchNumber: params.matchNumber,
      body,
      principal,
    });
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
    handler: (request) => enter(request),
  });
  return [
    v3,
    frozenTwin(
      v3,
      {
        url: "/v1/days/:day/facilities/:facility/matches/:matchNumber/score",
        summary: "Enter, correct or clear a match score (frozen)",
        response: { 200: FrozenSavedMatch },
      },
      {
        // The frozen body never changes: the notes the /v3 answer gained stay out of it.
        handler: async (request, reply) => {
          const { note: _note, previousNote: _previous, ...saved } = await enter(request);
          return reply.send(saved);
        },
      },
    ),
  ];
}

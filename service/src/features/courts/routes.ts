import type { TSchema } from "@sinclair/typebox";
import { defineRoute, type RouteDefinition, type RouteRequest } from "../../http/route.ts";
import { AppError } from "../../shared/errors.ts";
import { LINK_LABEL_MAX, normaliseLabelText } from "../../shared/link-rules.ts";
import type { Calls } from "./calls.ts";
import type { Live } from "./live.ts";
import { CallBody, LiveBody, LiveStateSchema, MatchParams, SavedCallSchema } from "./schemas.ts";

/** The court of a call body: trimmed as link labels are, at most 40 characters; `null` cancels. */
function courtOf(body: CallBody): string | null {
  if (body.court === null) return null;
  const court = normaliseLabelText(body.court);
  if (court === null)
    throw new AppError("validation_error", "court must not be empty (null cancels the call)");
  if ([...court].length > LINK_LABEL_MAX)
    throw new AppError("validation_error", `court must be at most ${LINK_LABEL_MAX} characters`);
  return court;
}

type MatchRequest<B extends TSchema> = RouteRequest<B, typeof MatchParams, TSchema>;
const target = ({ params, principal }: MatchRequest<TSchema>) => ({
  dayKey: params.day,
  facilityName: params.facility,
  matchNumber: params.matchNumber,
  principal,
});

/**
 * The courts' routes: a match called to a court (or moved, or its call cancelled), and its live
 * points. `/v3` only: they came after the frozen surface.
 */
export function courtsRoutes(calls: Calls, live: Live): RouteDefinition[] {
  return [
    defineRoute({
      method: "PUT",
      url: "/v3/days/:day/facilities/:facility/matches/:matchNumber/call",
      operationId: "callMatch",
      summary: "Call a match to a court, move its call, or cancel it (court null); kept in the CALLS tab",
      auth: ["operator"],
      tags: ["courts"],
      params: MatchParams,
      body: CallBody,
      bodyRequired: true,
      response: { 200: SavedCallSchema },
      errors: [
        "unknown_day",
        "unknown_facility",
        "not_found",
        "court_busy",
        "match_played",
        "calls_layout",
        "schedule_layout",
        "upstream_failure",
        "service_busy",
        "config_unavailable",
      ],
      handler: (request) => calls.put({ ...target(request), court: courtOf(request.body) }),
    }),
    defineRoute({
      method: "PUT",
      url: "/v3/days/:day/facilities/:facility/matches/:matchNumber/live",
      operationId: "putLivePoints",
      summary: "The match's live points from the point counter (never written to the workbook)",
      auth: ["operator", "scorer", "desk"],
      tags: ["courts"],
      params: MatchParams,
      body: LiveBody,
      bodyRequired: true,
      response: { 200: LiveStateSchema },
      errors: [
        "unknown_day",
        "unknown_facility",
        "forbidden",
        "score_entry_off",
        "not_found",
        "match_played",
        "schedule_layout",
        "rate_limited",
        "upstream_failure",
        "service_busy",
        "config_unavailable",
      ],
      handler: (request) => live.put({ ...target(request), body: request.body }),
    }),
  ];
}

import { frozenTwin } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams } from "../../http/schemas.ts";
import {
  LivePushBody,
  LivePushChangeSchema,
  LivePushSchema,
  VisibilityBody,
  VisibilityReportSchema,
  VisibilitySchema,
} from "./schemas.ts";
import type { Visibility } from "./visibility.ts";

/**
 * Go-live visibility (`GET`/`PUT /v3/days/{day}/visibility`, frozen `POST /sync/:day/live`) and
 * the live-push switch (`GET`/`PUT /v3/settings/live-push`, frozen `POST /sync/live-push`),
 * operator only.
 */
export function visibilityRoutes(visibility: Visibility): RouteDefinition[] {
  const common = { tags: ["sync"], auth: ["operator"] } as const;
  const setDay = defineRoute({
    ...common,
    method: "PUT",
    url: "/v3/days/:day/visibility",
    operationId: "setDayVisibility",
    summary: "Set the go-live setting and republish the day",
    params: DayParams,
    body: VisibilityBody,
    bodyRequired: true,
    response: { 200: VisibilityReportSchema },
    errors: ["unknown_day", "config_unavailable", "conflict", "upstream_failure"],
    handler: async (request) => visibility.setDay(request.params.day, request.body.isLive),
  });
  const setLivePush = defineRoute({
    ...common,
    method: "PUT",
    url: "/v3/settings/live-push",
    operationId: "setLivePush",
    summary: "Set the live-push switch",
    body: LivePushBody,
    bodyRequired: true,
    response: { 200: LivePushChangeSchema },
    errors: ["config_unavailable", "conflict", "upstream_failure"],
    handler: async (request) => visibility.setLivePush(request.body.enabled),
  });
  return [
    defineRoute({
      ...common,
      method: "GET",
      url: "/v3/days/:day/visibility",
      operationId: "getDayVisibility",
      summary: "Read the go-live setting",
      params: DayParams,
      response: { 200: VisibilitySchema },
      errors: ["unknown_day", "config_unavailable"],
      handler: async (request) => visibility.readDay(request.params.day),
    }),
    setDay,
    frozenTwin(setDay, { url: "/sync/:day/live", method: "POST" }),
    defineRoute({
      ...common,
      method: "GET",
      url: "/v3/settings/live-push",
      operationId: "getLivePush",
      summary: "Read the live-push switch",
      response: { 200: LivePushSchema },
      errors: ["config_unavailable"],
      handler: async () => visibility.readLivePush(),
    }),
    setLivePush,
    frozenTwin(setLivePush, {
      url: "/sync/live-push",
      method: "POST",
      errors: ["config_unavailable", "conflict"],
    }),
  ];
}

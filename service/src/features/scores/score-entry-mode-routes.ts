import { Type } from "@sinclair/typebox";
import { frozenTwin } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { EventParams, JsonBody, Nullable } from "../../http/schemas.ts";
import { readScoreEntryMode, type ScoreEntryModeDeps, setScoreEntryMode } from "./score-entry-mode.ts";

const Mode = Type.Union([Type.Literal("console"), Type.Literal("links")]);

const ModeRead = Type.Object({ event: Type.String(), scoreEntry: Nullable(Mode) });
const ModeSet = Type.Object({ event: Type.String(), scoreEntry: Mode, changed: Type.Boolean() });

/**
 * The score-entry mode switch (operator only): `GET`/`PUT /v3/events/{event}/score-entry` and
 * the frozen `PUT /v1/events/:event/score-entry` (body `{ mode }`).
 * @example PUT /v3/events/open-2026/score-entry { "scoreEntry": "console" } → { event, scoreEntry, changed }
 */
export function scoreEntryModeRoutes(deps: ScoreEntryModeDeps): RouteDefinition[] {
  const common = { tags: ["score entry"], auth: ["operator"], params: EventParams } as const;
  const set = defineRoute({
    ...common,
    method: "PUT",
    url: "/v3/events/:event/score-entry",
    operationId: "setScoreEntryMode",
    summary: "Switch the event's score entry between console and links",
    body: JsonBody({ scoreEntry: Mode }),
    bodyRequired: true,
    response: { 200: ModeSet },
    errors: ["unknown_event", "score_entry_off", "conflict", "config_unavailable", "upstream_failure"],
    handler: async (request) => setScoreEntryMode(deps, request.params.event, request.body.scoreEntry),
  });
  return [
    defineRoute({
      ...common,
      method: "GET",
      url: "/v3/events/:event/score-entry",
      operationId: "getScoreEntryMode",
      summary: "Read the event's score-entry mode (null: off)",
      response: { 200: ModeRead },
      errors: ["unknown_event", "config_unavailable"],
      handler: async (request) => readScoreEntryMode(deps, request.params.event),
    }),
    set,
    frozenTwin(
      set,
      {
        url: "/v1/events/:event/score-entry",
        summary: "Switch the event's score entry between console and links (frozen; body { mode })",
        body: JsonBody({ mode: Mode }),
        errors: ["unknown_event", "score_entry_off", "conflict", "config_unavailable"],
      },
      { handler: async (request) => setScoreEntryMode(deps, request.params.event, request.body.mode) },
    ),
  ];
}

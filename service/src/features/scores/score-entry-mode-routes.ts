import { Type } from "@sinclair/typebox";
import type { AppContext } from "../../app-context.ts";
import { segment } from "../../http/frozen.ts";
import type { RouteDefinition } from "../../http/route.ts";
import { defineRoute } from "../../http/route.ts";
import { EventParams, Nullable } from "../../http/schemas.ts";
import { readScoreEntryMode, setScoreEntryMode } from "./score-entry-mode.ts";

const Mode = Type.Union([Type.Literal("console"), Type.Literal("links")]);

const ModeRead = Type.Object({ event: Type.String(), scoreEntry: Nullable(Mode) });
const ModeSet = Type.Object({ event: Type.String(), scoreEntry: Mode, changed: Type.Boolean() });

const setErrors = ["unknown_event", "score_entry_off", "conflict", "config_unavailable"] as const;

/**
 * The score-entry mode switch (operator only): `GET`/`PUT /v3/events/{event}/score-entry` and
 * the frozen `PUT /v1/events/:event/score-entry` (body `{ mode }`).
 * @example PUT /v3/events/open-2026/score-entry { "scoreEntry": "console" } → { event, scoreEntry, changed }
 */
export function scoreEntryModeRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "GET",
      url: "/v3/events/:event/score-entry",
      summary: "Read the event's score-entry mode (null: off)",
      tags: ["score entry"],
      auth: ["operator"],
      params: EventParams,
      response: { 200: ModeRead },
      errors: ["unknown_event", "config_unavailable"],
      handler: async (request) => readScoreEntryMode(ctx, request.params.event),
    }),
    defineRoute({
      method: "PUT",
      url: "/v3/events/:event/score-entry",
      summary: "Switch the event's score entry between console and links",
      tags: ["score entry"],
      auth: ["operator"],
      params: EventParams,
      body: Type.Object({ scoreEntry: Mode }, { additionalProperties: false }),
      bodyRequired: true,
      response: { 200: ModeSet },
      errors: setErrors,
      handler: async (request) => setScoreEntryMode(ctx, request.params.event, request.body.scoreEntry),
    }),
    defineRoute({
      method: "PUT",
      url: "/v1/events/:event/score-entry",
      summary: "Switch the event's score entry between console and links (frozen; body { mode })",
      tags: ["score entry"],
      auth: ["operator"],
      params: EventParams,
      frozen: { successor: ({ params }) => `/v3/events/${segment(params.event)}/score-entry` },
      body: Type.Object({ mode: Mode }),
      bodyRequired: true,
      response: { 200: ModeSet },
      errors: setErrors,
      handler: async (request) => setScoreEntryMode(ctx, request.params.event, request.body.mode),
    }),
  ];
}

import type { AppContext } from "../../app-context.ts";
import { segment } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import { DayParams } from "../../http/schemas.ts";
import { editRegistry } from "../../registry/edit.ts";
import type { IsLive } from "../../registry/types.ts";
import { AppError } from "../../shared/errors.ts";
import {
  LivePushBody,
  LivePushChangeSchema,
  LivePushSchema,
  VisibilityBody,
  VisibilityReportSchema,
  VisibilitySchema,
} from "./schemas.ts";
import type { VisibilityReport } from "./types.ts";

/**
 * Go-live visibility (`GET`/`PUT /v3/days/{day}/visibility`, frozen `POST /sync/:day/live`) and
 * the live-push switch (`GET`/`PUT /v3/settings/live-push`, frozen `POST /sync/live-push`),
 * operator only. Both are registry commits; the registry cache of this instance is dropped after.
 */
export function visibilityRoutes(ctx: AppContext): RouteDefinition[] {
  const setVisibility = async (dayKey: string, isLive: IsLive): Promise<VisibilityReport> => {
    const ref = await ctx.registry.findDay(dayKey);
    await editRegistry(ctx, `visibility ${ref.eventKey}/${dayKey}: isLive ${isLive}`, (file) => {
      const day = file.events[ref.eventKey]?.days[dayKey];
      if (!day) throw new AppError("unknown_day", `day "${dayKey}" is not in the registry`);
      day.isLive = isLive;
    });
    const now = await ctx.registry.findDay(dayKey);
    const republish = await (ctx.sync as NonNullable<AppContext["sync"]>).republishDay(dayKey);
    return { day: dayKey, label: now.day.label, isLive, ...republish };
  };
  const setLivePush = async (enabled: boolean) => {
    const { changed } = await editRegistry(ctx, `live push ${enabled ? "on" : "off"}`, (file) => {
      file.livePush = enabled;
    });
    return { enabled, changed, available: ctx.liveRelay !== undefined };
  };
  const visibilityErrors = ["unknown_day", "config_unavailable", "conflict", "upstream_failure"] as const;
  const liveErrors = ["config_unavailable", "conflict"] as const;
  return [
    defineRoute({
      method: "GET",
      url: "/v3/days/:day/visibility",
      summary: "Read the go-live setting",
      tags: ["sync"],
      auth: ["operator"],
      params: DayParams,
      response: { 200: VisibilitySchema },
      errors: ["unknown_day", "config_unavailable"],
      handler: async (request) => {
        const ref = await ctx.registry.findDay(request.params.day);
        return { day: ref.dayKey, label: ref.day.label, isLive: ref.day.isLive ?? null };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/v3/days/:day/visibility",
      summary: "Set the go-live setting and republish the day",
      tags: ["sync"],
      auth: ["operator"],
      params: DayParams,
      body: VisibilityBody,
      bodyRequired: true,
      response: { 200: VisibilityReportSchema },
      errors: visibilityErrors,
      handler: async (request) => setVisibility(request.params.day, request.body.isLive),
    }),
    defineRoute({
      method: "POST",
      url: "/sync/:day/live",
      summary: "Set the go-live setting and republish the day (frozen)",
      tags: ["sync"],
      auth: ["operator"],
      params: DayParams,
      body: VisibilityBody,
      bodyRequired: true,
      frozen: {
        successor: (request) => `/v3/days/${segment((request.params as { day: string }).day)}/visibility`,
      },
      response: { 200: VisibilityReportSchema },
      errors: visibilityErrors,
      handler: async (request) => setVisibility(request.params.day, request.body.isLive),
    }),
    defineRoute({
      method: "GET",
      url: "/v3/settings/live-push",
      summary: "Read the live-push switch",
      tags: ["sync"],
      auth: ["operator"],
      response: { 200: LivePushSchema },
      errors: ["config_unavailable"],
      handler: async () => {
        const { registry } = await ctx.registry.get();
        return { enabled: registry.livePush !== false, available: ctx.liveRelay !== undefined };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/v3/settings/live-push",
      summary: "Set the live-push switch",
      tags: ["sync"],
      auth: ["operator"],
      body: LivePushBody,
      bodyRequired: true,
      response: { 200: LivePushChangeSchema },
      errors: liveErrors,
      handler: async (request) => setLivePush(request.body.enabled),
    }),
    defineRoute({
      method: "POST",
      url: "/sync/live-push",
      summary: "Set the live-push switch (frozen)",
      tags: ["sync"],
      auth: ["operator"],
      body: LivePushBody,
      bodyRequired: true,
      frozen: { successor: () => "/v3/settings/live-push" },
      response: { 200: LivePushChangeSchema },
      errors: liveErrors,
      handler: async (request) => setLivePush(request.body.enabled),
    }),
  ];
}

import { Type } from "@sinclair/typebox";
import type { AppContext } from "../app-context.ts";
import { defineRoute, type RouteDefinition } from "../http/route.ts";

const Diagnostics = Type.Object(
  {
    registry: Type.Object({
      revision: Type.String(),
      source: Type.Union([Type.Literal("repository"), Type.Literal("fallback")]),
      loadedAt: Type.String({ format: "date-time" }),
      fellBack: Type.Boolean(),
      lastError: Type.Optional(Type.String()),
    }),
    live: Type.Object({ enabled: Type.Boolean(), baseUrl: Type.Union([Type.String(), Type.Null()]) }),
    days: Type.Array(
      Type.Object({
        day: Type.String(),
        event: Type.String(),
        label: Type.String(),
        date: Type.Union([Type.String(), Type.Null()]),
        isLive: Type.Union([Type.Boolean(), Type.Literal("auto"), Type.Null()]),
        facilities: Type.Array(Type.Object({ name: Type.String(), synced: Type.Boolean() })),
      }),
    ),
  },
  { additionalProperties: true },
);

/** Whether this instance pushes to the relay now: configured, and not switched off in the registry. */
export function livePushEnabled(ctx: AppContext, livePush: boolean | undefined): boolean {
  return ctx.liveRelay !== undefined && livePush !== false;
}

/** `GET /v3/diagnostics/sync` and the frozen `GET /sync/config` (secret or operator). */
export function diagnosticsRoutes(ctx: AppContext): RouteDefinition[] {
  const report = async () => {
    const loaded = await ctx.registry.get();
    const { registry } = loaded;
    const extra = Object.fromEntries([...ctx.diagnostics].map(([name, read]) => [name, read()]));
    return {
      registry: {
        revision: loaded.revision,
        source: loaded.source,
        loadedAt: new Date(loaded.loadedAt).toISOString(),
        fellBack: loaded.fellBack,
        ...(loaded.lastError ? { lastError: loaded.lastError } : {}),
      },
      live: { enabled: livePushEnabled(ctx, registry.livePush), baseUrl: ctx.config.live.pushUrl ?? null },
      days: Object.entries(registry.events).flatMap(([event, { days }]) =>
        Object.entries(days).map(([day, d]) => ({
          day,
          event,
          label: d.label,
          date: d.date ?? null,
          isLive: d.isLive ?? null,
          facilities: d.facilities.map((f) => ({ name: f.name, synced: Boolean(f.sheetId) })),
        })),
      ),
      ...extra,
    };
  };
  const common = {
    method: "GET",
    auth: ["secret", "operator"],
    tags: ["sync"],
    response: { 200: Diagnostics },
  } as const;
  return [
    defineRoute({
      ...common,
      url: "/v3/diagnostics/sync",
      summary: "Sync configuration diagnostics",
      errors: ["config_unavailable"],
      handler: report,
    }),
    defineRoute({
      ...common,
      url: "/sync/config",
      summary: "Sync configuration diagnostics (frozen)",
      frozen: { successor: () => "/v3/diagnostics/sync" },
      errors: ["config_unavailable"],
      handler: report,
    }),
  ];
}

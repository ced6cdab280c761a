import { type Static, Type } from "@sinclair/typebox";
import { frozenTwin } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import type { LiveRelay } from "../../ports/live-relay.ts";
import { livePushEnabled } from "../../registry/live-push.ts";
import type { RegistryStore } from "../../registry/store.ts";

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
    scoresheets: Type.Object(
      {
        scorePageUrl: Type.Union([Type.String(), Type.Null()], {
          description:
            "the score page that the QR code on each match's scoresheet opens (`<PAGES_URL>/score/`); null without PAGES_URL, when sheets carry no QR code",
        }),
      },
      { description: "what the scoresheets print, for the console to say before printing" },
    ),
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

/**
 * The sync diagnostics report: which registry revision is live and from where, the live push
 * (`{ enabled, baseUrl }`), where the scoresheets' QR codes lead, the days, and each `extra`
 * member (the Sheets call counts).
 * @example const report = syncDiagnostics({ registry, liveRelay, pushUrl, pagesUrl, extra: { sheets: () => counter.report() } });
 */
export function syncDiagnostics(deps: {
  registry: RegistryStore;
  liveRelay?: LiveRelay;
  pushUrl: string | undefined;
  /** `PAGES_URL`: the scoresheets' QR codes open its score page. */
  pagesUrl: string | undefined;
  extra: Record<string, () => unknown>;
}) {
  return async () => {
    const loaded = await deps.registry.get();
    const { registry } = loaded;
    const extra = Object.fromEntries(Object.entries(deps.extra).map(([name, read]) => [name, read()]));
    return {
      registry: {
        revision: loaded.revision,
        source: loaded.source,
        loadedAt: new Date(loaded.loadedAt).toISOString(),
        fellBack: loaded.fellBack,
        ...(loaded.lastError ? { lastError: loaded.lastError } : {}),
      },
      live: { enabled: livePushEnabled(deps.liveRelay, registry.livePush), baseUrl: deps.pushUrl ?? null },
      scoresheets: { scorePageUrl: deps.pagesUrl === undefined ? null : `${deps.pagesUrl}/score/` },
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
}

/** `GET /v3/diagnostics/sync` and the frozen `GET /sync/config` (secret or operator). */
export function diagnosticsRoutes(report: () => Promise<Static<typeof Diagnostics>>): RouteDefinition[] {
  const v3 = defineRoute({
    method: "GET",
    url: "/v3/diagnostics/sync",
    operationId: "getSyncDiagnostics",
    summary: "Sync configuration diagnostics",
    auth: ["secret", "operator"],
    tags: ["sync"],
    response: { 200: Diagnostics },
    errors: ["config_unavailable"],
    handler: report,
  });
  return [v3, frozenTwin(v3, { url: "/sync/config" })];
}

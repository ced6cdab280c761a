import { type Static, Type } from "@sinclair/typebox";
import type { Stack } from "../../config/stack.ts";
import { frozenTwin } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import type { LiveRelay, RelayHealth } from "../../ports/live-relay.ts";
import { relayDownFix } from "../../preflight/relay-checks.ts";
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
    relay: Type.Optional(
      Type.Object(
        {
          answers: Type.Boolean({ description: "whether the relay answered `/health` just now" }),
          problem: Type.Optional(Type.String({ description: "why it did not, in a few words" })),
          fix: Type.Optional(
            Type.String({
              description: "what to do, where the service runs (a laptop's stack, or production)",
            }),
          ),
        },
        { description: "the relay as this instance reaches it now; present when a relay is set up" },
      ),
    ),
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
 * (`{ enabled, baseUrl }`) and whether the relay answers now (`relay`, with the fix where it does
 * not), where the scoresheets' QR codes lead, the days, and each `extra`
 * member (the Sheets call counts).
 * @example const report = syncDiagnostics({ registry, liveRelay, pushUrl, pagesUrl, extra: { sheets: () => counter.report() } });
 */
export function syncDiagnostics(deps: {
  registry: RegistryStore;
  liveRelay?: LiveRelay;
  pushUrl: string | undefined;
  /** `PAGES_URL`: the scoresheets' QR codes open its score page. */
  pagesUrl: string | undefined;
  /** Where the service runs, for the relay's fix. */
  stack: Stack;
  extra: Record<string, () => unknown>;
}) {
  // Concurrent readers share one question to the relay.
  let asking: Promise<RelayHealth> | undefined;
  const relayNow = async (relay: LiveRelay) => {
    asking ??= relay.health().finally(() => {
      asking = undefined;
    });
    const health = await asking;
    return health.answers
      ? { answers: true }
      : { answers: false, problem: health.problem, fix: relayDownFix(deps.stack) };
  };
  return async () => {
    const [loaded, relay] = await Promise.all([
      deps.registry.get(),
      deps.liveRelay ? relayNow(deps.liveRelay) : undefined,
    ]);
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
      ...(relay ? { relay } : {}),
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

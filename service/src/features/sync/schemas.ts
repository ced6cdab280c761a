import { Type } from "@sinclair/typebox";
import { JsonBody } from "../../http/schemas.ts";

const IsoTime = Type.String({ format: "date-time" });
const NullableIso = Type.Union([IsoTime, Type.Null()]);
const IsLiveValue = Type.Union([Type.Literal(true), Type.Literal(false), Type.Literal("auto")]);

/**
 * The published day snapshot, `<event>/data/<day>.json`. `docs/schemas/day-snapshot.schema.json`
 * is this schema as JSON (a test keeps the two equal).
 */
export const DaySnapshotSchema = Type.Object(
  {
    event: Type.String({ pattern: "^[a-z0-9][a-z0-9-]*$" }),
    day: Type.String({ pattern: "^[a-z0-9][a-z0-9-]*$" }),
    label: Type.String({ minLength: 1 }),
    date: Type.Union([Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }), Type.Null()]),
    isLive: Type.Union([IsLiveValue, Type.Null()], {
      description: "the registry's go-live value; null when the day has none",
    }),
    generatedAt: IsoTime,
    editedAt: Type.Union([IsoTime, Type.Null()], {
      description: "the newest accepted workbook edit this snapshot covers",
    }),
    facilities: Type.Array(
      Type.Object(
        {
          name: Type.String(),
          status: Type.Union([Type.Literal("ok"), Type.Literal("stale"), Type.Literal("skipped")]),
          fetchedAt: Type.Union([IsoTime, Type.Null()], {
            description: "when the data shown was read; null when never",
          }),
          error: Type.Optional(Type.String({ description: "why the newest read failed (stale)" })),
          matchesCsv: Type.String(),
          standingsCsv: Type.String(),
          rosterCsv: Type.Optional(Type.String({ description: "team events only" })),
          callsCsv: Type.Optional(
            Type.String({
              description:
                "the facility's calls of matches to courts, its CALLS tab as CSV (matchNumber, court, calledAt, startedAt, endedAt, calledBy, state; times yyyy-MM-dd HH:mm:ss in Asia/Manila); absent while the workbook has no CALLS tab",
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    matchesCsv: Type.String({ description: "every facility's matches, with a leading facility column" }),
  },
  {
    $id: "https://tournament-ops.invalid/schemas/day-snapshot.schema.json",
    title: "DaySnapshot",
    description:
      "A published tournament day: <event>/data/<day>.json in the data repository, and the live push body.",
    additionalProperties: false,
  },
);

const Live = Type.Object({
  pushed: Type.Boolean(),
  clients: Type.Optional(Type.Integer({ minimum: 0 })),
  error: Type.Optional(Type.String()),
});

export const SyncReportSchema = Type.Object(
  {
    event: Type.String(),
    day: Type.String(),
    label: Type.String(),
    facility: Type.Union([Type.String(), Type.Null()]),
    method: Type.Union([Type.Literal("sheets"), Type.Literal("csv")]),
    editedAt: NullableIso,
    editedAtIgnored: Type.Optional(Type.String()),
    facilities: Type.Array(
      Type.Object({
        name: Type.String(),
        status: Type.Union([Type.Literal("ok"), Type.Literal("stale"), Type.Literal("skipped")]),
        error: Type.Optional(Type.String()),
        fetchedAt: NullableIso,
        matches: Type.Integer({ minimum: 0 }),
      }),
    ),
    live: Live,
    repositoryOnly: Type.Optional(
      Type.String({ description: "why the snapshot went to the repository alone" }),
    ),
    archive: Type.Object({
      path: Type.String(),
      status: Type.Union([Type.Literal("committed"), Type.Literal("carried"), Type.Literal("unchanged")]),
      revision: Type.String(),
      retryAt: Type.Optional(
        Type.String({
          description:
            "only while a rate limit holds the commit back (status carried, revision the last known): when it is tried again",
        }),
      ),
    }),
    durationMs: Type.Integer({ minimum: 0 }),
    snapshot: Type.Object(DaySnapshotSchema.properties, { additionalProperties: false }),
  },
  { title: "SyncReport" },
);

export const SyncBody = JsonBody({
  method: Type.Optional(Type.Union([Type.Literal("sheets"), Type.Literal("csv")])),
  editedAt: Type.Optional(Type.String({ description: "ISO 8601 time of the workbook edit" })),
});

export const FrozenSyncQuery = Type.Object({
  facility: Type.Optional(Type.String()),
  method: Type.Optional(Type.String({ description: "sheets or csv; anything else reads as sheets" })),
});

const IsLiveOrUnset = Type.Union([IsLiveValue, Type.Null()], {
  description: "null when the day has no isLive",
});
export const VisibilitySchema = Type.Object({
  day: Type.String(),
  label: Type.String(),
  isLive: IsLiveOrUnset,
});
export const VisibilityBody = JsonBody({ isLive: IsLiveValue });
export const VisibilityReportSchema = Type.Object({
  day: Type.String(),
  label: Type.String(),
  isLive: IsLiveValue,
  republished: Type.Boolean(),
  live: Type.Optional(Live),
  archive: Type.Optional(Type.Object({ path: Type.String(), revision: Type.String() })),
});

export const LivePushSchema = Type.Object({ enabled: Type.Boolean(), available: Type.Boolean() });
export const LivePushBody = JsonBody({ enabled: Type.Boolean() });
export const LivePushChangeSchema = Type.Object({
  enabled: Type.Boolean(),
  changed: Type.Boolean(),
  available: Type.Boolean(),
});

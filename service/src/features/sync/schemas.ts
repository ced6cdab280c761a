import { Type } from "@sinclair/typebox";
import { JsonBody } from "../../http/schemas.ts";
import { KEY_PATTERN } from "../../registry/schema.ts";

/**
 * The sync feature's answers and published files as TypeBox schemas; the domain types of
 * `types.ts` are derived from them (`Static<>`), so a shape is written once.
 */

const IsoTime = Type.String({ format: "date-time" });
const NullableIso = Type.Union([IsoTime, Type.Null()]);
const IsLiveValue = Type.Union([Type.Literal(true), Type.Literal(false), Type.Literal("auto")]);
/** An event or day key, as the registry's rule 3 says it (`registry/schema.ts`). */
const Key = Type.String({ pattern: KEY_PATTERN.source });
/** `ok`: read by the sync that made the snapshot or an earlier one; `stale`: the last read failed; `skipped`: no `sheetId`. */
const FacilityStatus = Type.Union([Type.Literal("ok"), Type.Literal("stale"), Type.Literal("skipped")]);

/** How a facility's workbook is read: the Sheets API (default) or the link-shared CSV export. */
export const SyncMethodSchema = Type.Union([Type.Literal("sheets"), Type.Literal("csv")]);

/** One facility in a day snapshot (DESIGN.md's shape). */
export const FacilitySnapshotSchema = Type.Object(
  {
    name: Type.String(),
    status: FacilityStatus,
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
);

/**
 * The published day snapshot, `<event>/data/<day>.json`. `docs/schemas/day-snapshot.schema.json`
 * is this schema as JSON (a test keeps the two equal).
 */
export const DaySnapshotSchema = Type.Object(
  {
    event: Key,
    day: Key,
    label: Type.String({ minLength: 1 }),
    date: Type.Union([Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }), Type.Null()]),
    isLive: Type.Union([IsLiveValue, Type.Null()], {
      description: "the registry's go-live value; null when the day has none",
    }),
    generatedAt: IsoTime,
    editedAt: Type.Union([IsoTime, Type.Null()], {
      description: "the newest accepted workbook edit this snapshot covers",
    }),
    facilities: Type.Array(FacilitySnapshotSchema),
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

/** The live push's outcome: `pushed` false with `error` when the relay failed or live push is off. */
export const LiveOutcomeSchema = Type.Object({
  pushed: Type.Boolean(),
  clients: Type.Optional(Type.Integer({ minimum: 0 })),
  error: Type.Optional(Type.String()),
});

/** One facility of a sync report. */
export const FacilityOutcomeSchema = Type.Object({
  name: Type.String(),
  status: FacilityStatus,
  /** Why the read failed (`stale`), or why it was skipped. */
  error: Type.Optional(Type.String()),
  fetchedAt: NullableIso,
  /** Data rows in the facility's matches CSV. */
  matches: Type.Integer({ minimum: 0 }),
});

/**
 * Where a snapshot went in the data repository, as far as the caller may be told. `committed`:
 * this snapshot was written in `revision`; `carried`: a later commit (`revision`) holds it;
 * `unchanged`: identical to the committed file (`revision`), nothing written. While the
 * repository's host asks for a pause (a rate limit) the status is `carried` with `retryAt`: the
 * snapshot waits in this instance for the commit that will hold it, and `revision` is the file's
 * last one known; so it is for a score save pushed live whose commit is still to come. (The
 * released 3.0 status values stay the only ones: a new value would change the member's type,
 * which Versioning calls breaking; `retryAt` is an added member.)
 */
export const ArchiveOutcomeSchema = Type.Object({
  path: Type.String(),
  status: Type.Union([Type.Literal("committed"), Type.Literal("carried"), Type.Literal("unchanged")]),
  revision: Type.String(),
  retryAt: Type.Optional(
    Type.String({
      description:
        "only while a rate limit holds the commit back (status carried, revision the last known): when it is tried again",
    }),
  ),
});

export const SyncReportSchema = Type.Object(
  {
    event: Type.String(),
    day: Type.String(),
    label: Type.String(),
    facility: Type.Union([Type.String(), Type.Null()]),
    method: SyncMethodSchema,
    editedAt: NullableIso,
    editedAtIgnored: Type.Optional(Type.String()),
    facilities: Type.Array(FacilityOutcomeSchema),
    live: LiveOutcomeSchema,
    repositoryOnly: Type.Optional(
      Type.String({ description: "why the snapshot went to the repository alone" }),
    ),
    archive: ArchiveOutcomeSchema,
    durationMs: Type.Integer({ minimum: 0 }),
    snapshot: Type.Object(DaySnapshotSchema.properties, { additionalProperties: false }),
  },
  { title: "SyncReport" },
);

export const SyncBody = JsonBody({
  method: Type.Optional(SyncMethodSchema),
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
  live: Type.Optional(LiveOutcomeSchema),
  archive: Type.Optional(Type.Object({ path: Type.String(), revision: Type.String() })),
});

export const LivePushSchema = Type.Object({ enabled: Type.Boolean(), available: Type.Boolean() });
export const LivePushBody = JsonBody({ enabled: Type.Boolean() });
export const LivePushChangeSchema = Type.Object({
  enabled: Type.Boolean(),
  changed: Type.Boolean(),
  available: Type.Boolean(),
});

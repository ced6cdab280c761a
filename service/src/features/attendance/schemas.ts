import { Type } from "@sinclair/typebox";
import { JsonBody, Nullable } from "../../http/schemas.ts";
import type { ErrorCode } from "../../shared/errors.ts";

/** The errors every attendance route that reads a workbook can answer. */
export const ATTENDANCE_ERRORS: readonly ErrorCode[] = [
  "not_found",
  "unknown_day",
  "unknown_facility",
  "attendance_layout",
  "upstream_failure",
  "service_busy",
  "config_unavailable",
];

/** The spec's Person (attendance list item). */
export const PersonSchema = Type.Object(
  {
    key: Type.String({ description: "accents stripped, whitespace collapsed, lower-cased" }),
    player: Type.String(),
    teams: Type.Array(Type.String()),
    categories: Type.Array(Type.String(), { description: "parallel to teams" }),
    present: Type.Boolean(),
    timeIn: Type.String({ description: "yyyy-MM-dd HH:mm in Asia/Manila; a hand-typed time stays text" }),
    withdrawn: Type.Boolean(),
    shirt: Type.String(),
  },
  { title: "Person" },
);

export const PeopleParams = Type.Object({ day: Type.String(), facility: Type.String() });
export const MarkParams = Type.Object({
  day: Type.String(),
  facility: Type.String(),
  personKey: Type.String(),
});
export const FrozenMarkParams = Type.Object({
  day: Type.String(),
  facility: Type.String(),
  key: Type.String(),
});

export const MarkBody = JsonBody({ present: Type.Boolean() }, { title: "AttendanceMark" });

export const DeskLinkBody = JsonBody(
  {
    issuedTo: Type.Optional(Nullable(Type.String({ description: "at most 40 code points after trimming" }))),
    note: Type.Optional(Nullable(Type.String({ description: "at most 40 code points after trimming" }))),
  },
  { title: "DeskLinkRequest" },
);

export const ReconciliationBody = JsonBody(
  { facility: Type.Optional(Type.String()) },
  { title: "ReconciliationRequest" },
);
export const ReconciliationQuery = Type.Object({ facility: Type.Optional(Type.String()) });

export const ReconciliationReportSchema = Type.Object(
  {
    day: Type.String(),
    facilities: Type.Array(
      Type.Object({
        name: Type.String(),
        created: Type.Boolean(),
        added: Type.Integer(),
        updated: Type.Integer(),
        withdrawn: Type.Integer(),
        skipped: Type.Optional(Type.Boolean()),
      }),
    ),
  },
  { title: "ReconciliationReport" },
);

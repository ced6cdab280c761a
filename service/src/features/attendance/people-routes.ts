import { Type } from "@sinclair/typebox";
import type { Principal } from "../../auth/guard.ts";
import { segment } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import type { ErrorCode } from "../../shared/errors.ts";
import { attendanceFacility } from "./access.ts";
import type { AttendanceDeps } from "./deps.ts";
import { type Marker, markAttendance } from "./mark.ts";
import { FrozenMarkParams, MarkBody, MarkParams, PeopleParams, PersonSchema } from "./schemas.ts";

const ERRORS: readonly ErrorCode[] = [
  "not_found",
  "forbidden",
  "unknown_day",
  "unknown_facility",
  "attendance_layout",
  "upstream_failure",
  "service_busy",
  "config_unavailable",
];

function markerOf(principal: Principal): Marker {
  return principal.kind === "desk"
    ? { kind: "desk", issuedTo: principal.issuedTo, note: principal.note }
    : { kind: "operator" };
}

/** The attendance list and the mark, with the mark's frozen `/v1` twin (the list has none). */
export function peopleRoutes(deps: AttendanceDeps): RouteDefinition[] {
  const mark = async (principal: Principal, day: string, facility: string, key: string, present: boolean) => {
    const target = await attendanceFacility(deps.registry, principal, day, facility);
    return markAttendance(deps, target, key, present, markerOf(principal));
  };
  const markCommon = {
    method: "PUT",
    tags: ["attendance"],
    auth: ["operator", "desk"],
    body: MarkBody,
    bodyRequired: true,
    response: { 200: PersonSchema },
    errors: ERRORS,
  } as const;
  return [
    defineRoute({
      method: "GET",
      url: "/v3/days/:day/facilities/:facility/people",
      summary: "The facility's attendance list, in sheet order",
      tags: ["attendance"],
      auth: ["operator", "desk"],
      params: PeopleParams,
      response: { 200: Type.Array(PersonSchema) },
      errors: ERRORS,
      handler: async (request, reply) => {
        const { day, facility } = request.params;
        const target = await attendanceFacility(deps.registry, request.principal, day, facility);
        const sheetId = target.facility.sheetId;
        const sheet = sheetId ? await deps.people.get(sheetId) : undefined;
        reply.header("Cache-Control", "no-store");
        return sheet ? sheet.people.map((entry) => entry.person) : [];
      },
    }),
    defineRoute({
      ...markCommon,
      url: "/v3/days/:day/facilities/:facility/people/:personKey/attendance",
      summary: "Mark a person present or not",
      params: MarkParams,
      handler: async (request) => {
        const { day, facility, personKey } = request.params;
        return mark(request.principal, day, facility, personKey, request.body.present);
      },
    }),
    defineRoute({
      ...markCommon,
      url: "/v1/days/:day/facilities/:facility/attendance/:key",
      summary: "Mark a person present or not (frozen)",
      params: FrozenMarkParams,
      frozen: {
        successor: ({ params }) =>
          `/v3/days/${segment(params.day)}/facilities/${segment(params.facility)}/people/${segment(params.key)}/attendance`,
      },
      handler: async (request) => {
        const { day, facility, key } = request.params;
        return mark(request.principal, day, facility, key, request.body.present);
      },
    }),
  ];
}

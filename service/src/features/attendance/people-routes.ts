import { Type } from "@sinclair/typebox";
import { frozenTwin, segment } from "../../http/frozen.ts";
import { defineRoute, type RouteDefinition } from "../../http/route.ts";
import type { ErrorCode } from "../../shared/errors.ts";
import {
  ATTENDANCE_ERRORS,
  FrozenMarkParams,
  MarkBody,
  MarkParams,
  PeopleParams,
  PersonSchema,
} from "./schemas.ts";
import type { Attendance } from "./service.ts";

const ERRORS: readonly ErrorCode[] = ["forbidden", ...ATTENDANCE_ERRORS];

/** The attendance list and the mark, with the mark's frozen `/v1` twin (the list has none). */
export function peopleRoutes(attendance: Attendance): RouteDefinition[] {
  const mark = defineRoute({
    method: "PUT",
    url: "/v3/days/:day/facilities/:facility/people/:personKey/attendance",
    operationId: "markAttendance",
    summary: "Mark a person present or not",
    tags: ["attendance"],
    auth: ["operator", "desk"],
    params: MarkParams,
    body: MarkBody,
    bodyRequired: true,
    response: { 200: PersonSchema },
    errors: ERRORS,
    handler: async ({ principal, params, body }) =>
      attendance.mark(principal, params.day, params.facility, params.personKey, body.present),
  });
  return [
    defineRoute({
      method: "GET",
      url: "/v3/days/:day/facilities/:facility/people",
      operationId: "listPeople",
      summary: "The facility's attendance list, in sheet order",
      tags: ["attendance"],
      auth: ["operator", "desk"],
      params: PeopleParams,
      response: { 200: Type.Array(PersonSchema) },
      errors: ERRORS,
      handler: async ({ principal, params }, reply) => {
        const people = await attendance.listPeople(principal, params.day, params.facility);
        reply.header("Cache-Control", "no-store");
        return people;
      },
    }),
    mark,
    frozenTwin(
      mark,
      { url: "/v1/days/:day/facilities/:facility/attendance/:key", params: FrozenMarkParams },
      {
        handler: async ({ principal, params, body }) =>
          attendance.mark(principal, params.day, params.facility, params.key, body.present),
        successor: ({ params }) =>
          mark.url
            .replace(":day", segment(params.day))
            .replace(":facility", segment(params.facility))
            .replace(":personKey", segment(params.key)),
      },
    ),
  ];
}

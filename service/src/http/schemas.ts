import { type ObjectOptions, type TProperties, type TSchema, Type } from "@sinclair/typebox";

/** RFC 9457 problem details, the `/v3` error body. */
export const ProblemDetails = Type.Object(
  {
    type: Type.Literal("about:blank"),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String(),
    code: Type.String(),
    error: Type.String(),
  },
  { additionalProperties: true, title: "ProblemDetails" },
);

/** The frozen routes' error body; it never changes. */
export const PlainError = Type.Object(
  { error: Type.String(), code: Type.String() },
  { additionalProperties: true, title: "PlainError" },
);

/**
 * A JSON request body: an object whose unknown members are refused (400 `validation_error`), so a
 * misspelt member fails loudly instead of being ignored. Every route's `body` is one (checked when
 * the routes are registered).
 * @example const MarkBody = JsonBody({ present: Type.Boolean() }, { title: "AttendanceMark" });
 */
export const JsonBody = <P extends TProperties>(properties: P, options: ObjectOptions = {}) =>
  Type.Object(properties, { ...options, additionalProperties: false });

/** Parameters shared by many routes. Keys are validated by the registry lookup, not here. */
export const DayParams = Type.Object({ day: Type.String() });
export const FacilityParams = Type.Object({ day: Type.String(), facility: Type.String() });
export const EventParams = Type.Object({ event: Type.String() });

/** A nullable schema (`T | null`) that OpenAPI 3.1 understands. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

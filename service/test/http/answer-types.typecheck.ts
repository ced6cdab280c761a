/**
 * A type test, run by the type check (`npm run -s typecheck`, part of `npm test`), never executed:
 * each `@ts-expect-error` line is an answer the compiler must refuse. Should `defineRoute` stop
 * checking what a handler sends through `reply.send()`, the directive has no error left to expect
 * and the type check fails. The shapes are the link issue's (`auth/day-links.ts`), a route that
 * answers through `reply.code(201).send()` as the sign-in and the issue routes do.
 */
import { Type } from "@sinclair/typebox";
import { IssuedDayLink } from "../../src/auth/day-links.ts";
import { frozenTwin } from "../../src/http/frozen.ts";
import { defineRoute } from "../../src/http/route.ts";

const link = { token: "t", expiresAt: 1, day: "open-sat", issuedTo: null, note: null };

export const issued = defineRoute({
  method: "POST",
  url: "/v3/typecheck/:day/links",
  operationId: "typecheckIssue",
  summary: "A route of the type test",
  auth: ["operator"],
  response: { 201: IssuedDayLink },
  handler: async (_request, reply) => {
    const wrong = [
      // A member the schema does not declare.
      // @ts-expect-error the 201 schema has no `secret`
      reply.code(201).send({ ...link, secret: "x" }),
      // A required member missing.
      // @ts-expect-error the 201 schema requires `day`
      reply.code(201).send({ token: "t", expiresAt: 1, issuedTo: null, note: null }),
      // A member of the wrong type.
      // @ts-expect-error `expiresAt` is an integer, not text
      reply.code(201).send({ ...link, expiresAt: "soon" }),
      // A status the route does not declare.
      // @ts-expect-error the route declares 201 only
      reply.code(200).send(link),
      // The 200 the reply starts at is not declared either: no body fits it.
      // @ts-expect-error no 200 schema
      reply.send(link),
    ];
    return wrong.length > 0 ? reply.code(201).send(link) : link;
  },
});

export const frozen = frozenTwin(
  issued,
  { url: "/v1/typecheck/:day/links", response: { 201: Type.Object({ token: Type.String() }) } },
  {
    handler: async (_request, reply) => {
      // @ts-expect-error the twin's own 201 schema has only `token`
      reply.code(201).send({ token: link.token, expiresAt: link.expiresAt });
      return reply.code(201).send({ token: link.token });
    },
  },
);

import { type Static, Type } from "@sinclair/typebox";
import { FacilityParams, JsonBody, Nullable } from "../../http/schemas.ts";
import { CALL_STATES } from "../../shared/call-columns.ts";
import { PublishedSchema } from "../scores/published.ts";

export const MatchParams = Type.Composite([FacilityParams, Type.Object({ matchNumber: Type.String() })]);

/** The call PUT's body: the court (text, at most 40 characters after trimming) or `null` to cancel. */
export const CallBody = JsonBody(
  {
    court: Nullable(
      Type.String({
        description: "the court, at most 40 characters after trimming; null cancels the open call",
      }),
    ),
  },
  { title: "CallBody" },
);
export type CallBody = Static<typeof CallBody>;

const Time = (description: string) =>
  Nullable(
    Type.String({ description: `${description}: yyyy-MM-dd HH:mm:ss in Asia/Manila, null while not` }),
  );

/** One call, as its `CALLS` row holds it. */
export const CallSchema = Type.Object(
  {
    matchNumber: Type.Union([Type.Integer(), Type.String()]),
    court: Type.String(),
    state: Type.String({
      description: `${CALL_STATES.join(", ")} (a state typed into the tab by hand is answered as it reads)`,
    }),
    calledAt: Time("when it was called (or moved to this court)"),
    startedAt: Time("its first live point, or a Start"),
    endedAt: Time("its final score saved, or the call cancelled"),
    calledBy: Nullable(
      Type.String({ description: "who called it: the operator or link label, as the score notes say it" }),
    ),
  },
  { title: "Call" },
);

export const SavedCallSchema = Type.Composite([CallSchema, Type.Object({ published: PublishedSchema })], {
  description: "the call as the CALLS tab now holds it, and what the facility sync published",
});

const Points = Type.Integer({ minimum: 0, maximum: 99 });
const Serving = Type.Union([Type.Literal(1), Type.Literal(2)]);
const MAX_SEQ = 1_000_000_000;

/** The live PUT's body: the point counter's state. */
export const LiveBody = JsonBody(
  {
    seq: Type.Integer({
      minimum: 1,
      maximum: MAX_SEQ,
      description: "counts up from 1 per match; not above the last accepted one changes nothing",
    }),
    team1Points: Points,
    team2Points: Points,
    game: Type.Optional(Type.Integer({ minimum: 1, maximum: 9, description: "the game being played" })),
    serving: Type.Optional(Serving),
  },
  { title: "LiveBody" },
);

export const LiveStateSchema = Type.Object(
  {
    matchNumber: Type.String(),
    seq: Type.Integer({ minimum: 1 }),
    team1Points: Points,
    team2Points: Points,
    game: Nullable(Type.Integer()),
    serving: Nullable(Serving),
    at: Type.String({ description: "when this state was taken (ISO 8601)" }),
    accepted: Type.Boolean({ description: "false: its seq was not above the last one, so nothing changed" }),
    ended: Type.Boolean({
      description: "the match's live state was dropped: its final score is saved, or its call cancelled",
    }),
    relayed: Type.Boolean({
      description: "false: the relay could not be reached; kept on this instance, no spectator sees it",
    }),
  },
  { title: "LiveState", description: "the match's live state as it now stands" },
);

import { type Static, Type } from "@sinclair/typebox";
import { JsonBody, Nullable } from "../../http/schemas.ts";
import { AppError } from "../../shared/errors.ts";

/** One side's score: a whole number 0 to 99, or `null` for an empty cell. */
export const Score = Nullable(Type.Integer({ minimum: 0, maximum: 99 }));

export const ScorePair = Type.Object(
  { team1Score: Score, team2Score: Score },
  { additionalProperties: false, title: "ScorePair" },
);

/**
 * The score PUT body (DESIGN.md): the scores the client last showed (`expected`) and the new ones.
 * Both new scores `null` clears the match.
 * @example { "expected": { "team1Score": null, "team2Score": null }, "team1Score": 21, "team2Score": 17 }
 */
export const ScoreBody = JsonBody(
  { expected: ScorePair, team1Score: Score, team2Score: Score },
  { title: "ScoreBody" },
);
export type ScoreBody = Static<typeof ScoreBody>;

export type Scores = Static<typeof ScorePair>;

/** The match score record (the spec's four fields) plus its match number. */
export const MatchRecord = Type.Object({
  matchNumber: Type.Union([Type.Integer(), Type.String()]),
  teamCode1: Type.String(),
  teamCode2: Type.String(),
  team1Score: Score,
  team2Score: Score,
});
export type MatchRecord = Static<typeof MatchRecord>;

/** The `current` member of a `score_conflict`: the spec's four score-record fields. */
export interface CurrentScore {
  teamCode1: string;
  teamCode2: string;
  team1Score: number | null;
  team2Score: number | null;
}

/**
 * The new scores of a body. A match has either both scores or neither, so one `null` beside one
 * number is 400 `validation_error` (`expected` may be mixed: it only mirrors the sheet).
 * @example newScores({ expected, team1Score: 21, team2Score: null }) // throws validation_error
 */
export function newScores(body: ScoreBody): Scores {
  if ((body.team1Score === null) !== (body.team2Score === null)) {
    throw new AppError(
      "validation_error",
      "team1Score and team2Score must both be numbers, or both null to clear",
    );
  }
  return { team1Score: body.team1Score, team2Score: body.team2Score };
}

/**
 * A score checked against its event's scoring (the registry's page-only `scoring`, default 21 by
 * two capped at 30) before Save, by every score form: what is wrong, in the words a form shows
 * ("21–21 cannot end a game: a game ends at 21, or by two up to 30."), unless the person said with
 * one more tap that it is meant (retired, walkover, a handicap start). The game rules themselves
 * are the service's `@tournament-ops/service/scoring`, shared with the registry's validation.
 */
import { finalScoreProblem, type GameRules, gameRules } from "@tournament-ops/service/scoring";
import type { Event } from "../data/registry.ts";
import { type Draft, type FieldError, inputErrors, typedScores } from "./score-draft.ts";

/** What a form says before Save: the boxes' problems, or the score's against the scoring. */
export interface ScoreCheck {
  /** Boxes that do not hold a score (a number that does not fit, one box blank). */
  fields: FieldError[];
  /** Why the score cannot end the match under the scoring; undefined when it can, or it was made an exception. */
  rule: string | undefined;
  /** The score breaks the scoring, and the person made it an exception (it saves as it is). */
  excepted: boolean;
}

/** The words on the one more tap that saves a score the scoring says cannot happen. */
export const EXCEPTION_WORDS = "retired, walkover or a handicap start";

/** The scoring an event's score forms check against. */
export const rulesOf = (event: Pick<Event, "scoring"> | undefined): GameRules => gameRules(event?.scoring);

/**
 * The check of a draft: its boxes, then (both boxes holding a score) the score against `rules`.
 * Clearing a match (both blank) is never against the scoring.
 * @example checkScore({ ...draft, one: "21", two: "21" }, DEFAULT_SCORING).rule // "21–21 cannot end a game: …"
 */
export function checkScore(form: Draft, rules: GameRules): ScoreCheck {
  const fields = inputErrors(form);
  const scores = fields.length === 0 ? typedScores(form) : undefined;
  const problem =
    scores?.team1Score == null || scores.team2Score == null
      ? undefined
      : finalScoreProblem(scores.team1Score, scores.team2Score, rules);
  return {
    fields,
    rule: form.exception ? undefined : problem,
    excepted: form.exception && problem !== undefined,
  };
}

/** The check lets the draft be saved. */
export const saveable = (check: ScoreCheck) => check.fields.length === 0 && check.rule === undefined;

/** What a score form shows in place of its boxes for a match whose players are not known yet. */
export const PLAYERS_NOT_DECIDED = "Players not decided yet";

/** The whole sentence every score form shows in place of its boxes ({@link playersDecided}). */
export const PLAYERS_NOT_DECIDED_SENTENCE = `${PLAYERS_NOT_DECIDED}: this match can be scored once the draw names both sides.`;

/**
 * Both sides of a match are known (a name, or a team code): a match with a blank side offers no
 * score entry ("Players not decided yet"), as no one can say whose points are whose.
 */
export const playersDecided = (match: {
  team1: string;
  teamCode1: string;
  team2: string;
  teamCode2: string;
}) => (match.team1 || match.teamCode1) !== "" && (match.team2 || match.teamCode2) !== "";

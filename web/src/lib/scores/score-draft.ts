/**
 * A score form's draft, apart from its state, for every score form (the umpire's score page and
 * the console's score screen): the scores a match's sheet holds, what the person typed, and what
 * is wrong with it as typed (a box that does not hold a whole number from 0 to {@link MAX_SCORE}
 * is refused, never cut). Whether the score can end a game is `score-check.ts`.
 */
import type { Match } from "../data/matches.ts";

/** Both scores of a match: whole numbers 0 to 99, or both null (no score). */
export interface Scores {
  team1Score: number | null;
  team2Score: number | null;
}

/** The highest score a box takes (the score PUT's limit). */
export const MAX_SCORE = 99;

/** True when both scores are the same. */
export function sameScores(a: Scores, b: Scores): boolean {
  return a.team1Score === b.team1Score && a.team2Score === b.team2Score;
}

/** "21–17", or "no score". */
export function scoreText(scores: Scores): string {
  return scores.team1Score === null || scores.team2Score === null
    ? "no score"
    : `${scores.team1Score}–${scores.team2Score}`;
}

export interface Draft {
  facility: string;
  number: string;
  /** The scores on screen as the sheet's: sent as `expected`. */
  expected: Scores;
  /** What the person typed, as text, exactly as typed. */
  one: string;
  two: string;
  /** The person changed the inputs since the form was filled. */
  typed: boolean;
  /** The snapshot's scores when the form last followed it. */
  seen: string;
  /** Why this match cannot be scored here (a score cell holding text such as `W/O`). */
  locked: string | undefined;
  /**
   * The person said, with one more tap, that the score is meant though it cannot end a game
   * (retired, walkover, a handicap start): the scoring check lets it through. Typing clears it.
   */
  exception: boolean;
}

/** A box's problem, for the error summary and beside the field. */
export interface FieldError {
  field: "one" | "two";
  text: string;
  /** `fit`: the box holds what no score can be (shown as it is typed); `blank`: a score is missing (shown on Save). */
  kind: "fit" | "blank";
}

/** A box's text as a score: blank is null; undefined while it is not a whole number from 0 to {@link MAX_SCORE}. */
function boxScore(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) && Number(trimmed) <= MAX_SCORE ? Number(trimmed) : undefined;
}

/** What the person typed, as scores (blank: null); undefined while a box does not hold a score. */
export function typedScores(form: Pick<Draft, "one" | "two">): Scores | undefined {
  const [team1Score, team2Score] = [boxScore(form.one), boxScore(form.two)];
  return team1Score === undefined || team2Score === undefined ? undefined : { team1Score, team2Score };
}

/** The draft with one box as typed: kept whole (never cut), the exception taken back. */
export function typedInto(form: Draft, field: "one" | "two", text: string): Draft {
  return { ...form, [field]: text.trim(), typed: true, exception: false };
}

/** The form filled from a match's scores on the sheet (a cell holding text locks the match). */
export function draftFrom(facility: string, match: Match): Draft {
  const [one, two] = [sheetScore(match.team1Score), sheetScore(match.team2Score)];
  const locked = [one, two].find((score) => typeof score === "string");
  return {
    facility,
    number: match.matchNumber,
    expected: { team1Score: numberOrNull(one), team2Score: numberOrNull(two) },
    one: typeof one === "number" ? String(one) : "",
    two: typeof two === "number" ? String(two) : "",
    typed: false,
    seen: seenScores(match),
    locked:
      locked === undefined
        ? undefined
        : `The sheet holds “${locked}” for this match, which cannot be changed here. Ask the control desk.`,
    exception: false,
  };
}

/** A match's sheet scores as the form remembers them, to notice when they change. */
export function seenScores(match: Match): string {
  return `${match.team1Score}\u0000${match.team2Score}`;
}

/** What is wrong with the boxes, field by field (none: they hold a score, or both are blank). */
export function inputErrors(form: Draft): FieldError[] {
  const errors: FieldError[] = [];
  const blank = (text: string) => text.trim() === "";
  if (blank(form.one) && blank(form.two) && form.expected.team1Score === null) {
    errors.push({ field: "one", text: "Enter both scores.", kind: "blank" });
  } else if (blank(form.one) !== blank(form.two)) {
    const field = blank(form.one) ? "one" : "two";
    errors.push({ field, text: "Enter both scores, or clear both to remove the score.", kind: "blank" });
  }
  for (const field of ["one", "two"] as const) {
    if (boxScore(form[field]) === undefined) {
      errors.push({
        field,
        text: `“${form[field].trim()}” is not a score: enter a whole number from 0 to ${MAX_SCORE}.`,
        kind: "fit",
      });
    }
  }
  return errors;
}

/** A sheet score: a number, null for an empty cell, or the text a cell holds instead (`W/O`). */
function sheetScore(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function numberOrNull(score: number | null | string): number | null {
  return typeof score === "number" ? score : null;
}

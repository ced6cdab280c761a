/**
 * The score form's rules, apart from its state: the draft a match's sheet scores fill, what is
 * wrong with the inputs, and what a refused save says.
 */
import { ApiError } from "../lib/api/client.ts";
import type { Match } from "../lib/data/matches.ts";

/** Both scores of a match: whole numbers 0 to 99, or both null (no score). */
export interface Scores {
  team1Score: number | null;
  team2Score: number | null;
}

/** True when both scores are the same. */
export function sameScores(a: Scores, b: Scores): boolean {
  return a.team1Score === b.team1Score && a.team2Score === b.team2Score;
}

/** What the umpire typed, as scores (blank: null); undefined while an input is not a whole number. */
export function typedScores(form: Pick<Draft, "one" | "two">): Scores | undefined {
  const score = (text: string) =>
    text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text) : undefined;
  const [team1Score, team2Score] = [score(form.one), score(form.two)];
  return team1Score === undefined || team2Score === undefined ? undefined : { team1Score, team2Score };
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
  /** What the umpire typed, as text. */
  one: string;
  two: string;
  /** The umpire changed the inputs since the form was filled. */
  typed: boolean;
  /** The snapshot's scores when the form last followed it. */
  seen: string;
  /** Why this match cannot be scored here (a score cell holding text such as `W/O`). */
  locked: string | undefined;
}

/**
 * What came of the last save. A `conflict` (409 `score_conflict`) brings what the sheet holds now
 * (`current`); the form shows it as the sheet's scores, so the box and the form agree.
 */
export type Outcome =
  | { kind: "saved"; scores: Scores; published: boolean }
  | { kind: "conflict"; current: Scores }
  | { kind: "problem"; text: string };

/** An input's problem, for the error summary and beside the field. */
export interface FieldError {
  field: "one" | "two";
  text: string;
}

/** The highest score an input takes. */
export const MAX_SCORE = 99;

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
  };
}

/** A match's sheet scores as the form remembers them, to notice when they change. */
export function seenScores(match: Match): string {
  return `${match.team1Score}\u0000${match.team2Score}`;
}

/** What is wrong with the inputs, field by field (none: they can be saved). */
export function inputErrors(form: Draft): FieldError[] {
  const errors: FieldError[] = [];
  const blank = (text: string) => text.trim() === "";
  if (blank(form.one) && blank(form.two) && form.expected.team1Score === null) {
    errors.push({ field: "one", text: "Enter both scores." });
  } else if (blank(form.one) !== blank(form.two)) {
    const field = blank(form.one) ? "one" : "two";
    errors.push({ field, text: "Enter both scores, or clear both to remove the score." });
  }
  for (const field of ["one", "two"] as const) {
    const text = form[field].trim();
    if (!blank(text) && !(/^\d+$/.test(text) && Number(text) <= MAX_SCORE)) {
      errors.push({ field, text: `Enter a whole number from 0 to ${MAX_SCORE}.` });
    }
  }
  return errors;
}

/** What a refused or failed save says. */
export function saveOutcome(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { kind: "problem", text: String(error) };
  const code = error.problem?.code;
  const current = error.problem?.current;
  if (code === "score_conflict" && isScores(current)) {
    return { kind: "conflict", current: { team1Score: current.team1Score, team2Score: current.team2Score } };
  }
  if (error.status === 401) return { kind: "problem", text: "Not saved: the scorer link no longer works." };
  if (code === "score_entry_off") {
    return {
      kind: "problem",
      text: "Not saved: score entry is switched off for this event. Write the score on the scoresheet and hand it to the control desk.",
    };
  }
  if (error.status === 403) {
    return {
      kind: "problem",
      text: "Not saved: scorer links are switched off for now, and the control desk enters the scores. Write the score on the scoresheet and hand it in.",
    };
  }
  if (error.status === 0) {
    return {
      kind: "problem",
      text: "Not saved: the service cannot be reached. Check the connection, then tap Save again.",
    };
  }
  return { kind: "problem", text: `Not saved. ${error.message}` };
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

function isScores(value: unknown): value is Scores {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const score = (x: unknown) => x === null || typeof x === "number";
  return score(v["team1Score"]) && score(v["team2Score"]);
}

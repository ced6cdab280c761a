/**
 * The score form of the match shown: what the umpire typed, the scores the sheet held when the form
 * was filled from the snapshot (sent as `expected`: exactly the values on screen), and what came of
 * a save. While the umpire has not typed, the form follows the snapshot; once they have, it stays
 * as it is and a change on the sheet meanwhile comes back as a conflict to resolve.
 */
import { effect, signal } from "@preact/signals";
import { ApiError, call } from "../lib/api/client.ts";
import type { Match } from "../lib/data/matches.ts";
import { hasExpired } from "../lib/links/link-token.ts";
import { dayEntry, forgetLink, link, place, scoreApi, shownMatch } from "./store.ts";

/** Both scores of a match: whole numbers 0 to 99, or both null (no score). */
export interface Scores {
  team1Score: number | null;
  team2Score: number | null;
}

/** "21–17", or "no score". */
export function scoreText(scores: Scores): string {
  return scores.team1Score === null || scores.team2Score === null
    ? "no score"
    : `${scores.team1Score}–${scores.team2Score}`;
}

/** What the sheet holds now, as a 409 `score_conflict` says (`current`). */
export interface SheetNow extends Scores {
  teamCode1: string;
  teamCode2: string;
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

export type Outcome =
  | { kind: "saved"; scores: Scores; published: boolean }
  | { kind: "conflict"; current: SheetNow }
  | { kind: "problem"; text: string };

/** An input's problem, for the error summary and beside the field. */
export interface FieldError {
  field: "one" | "two";
  text: string;
}

/** A save waits for the facility to be published (the archive commit may be spaced by several seconds). */
export const SAVE_TIMEOUT_MS = 60_000;
const MAX_SCORE = 99;

export const draft = signal<Draft | undefined>(undefined);
export const saving = signal(false);
export const outcome = signal<Outcome | undefined>(undefined);
export const fieldErrors = signal<FieldError[]>([]);

// The form follows the snapshot while the umpire has not typed.
effect(() => follow(place.value.facility, shownMatch.value));

function follow(facility: string | undefined, match: Match | undefined): void {
  if (facility === undefined || match === undefined) return;
  const current = draft.peek();
  const seen = `${match.score1}\u0000${match.score2}`;
  const same = current !== undefined && current.facility === facility && current.number === match.number;
  if (same && (current.seen === seen || current.typed || saving.peek())) return;
  const [one, two] = [sheetScore(match.score1), sheetScore(match.score2)];
  const locked = [one, two].find((score) => typeof score === "string");
  draft.value = {
    facility,
    number: match.number,
    expected: { team1Score: numberOrNull(one), team2Score: numberOrNull(two) },
    one: typeof one === "number" ? String(one) : "",
    two: typeof two === "number" ? String(two) : "",
    typed: false,
    seen,
    locked:
      locked === undefined
        ? undefined
        : `The sheet holds “${locked}” for this match, which cannot be changed here. Ask the control desk.`,
  };
  if (!same) {
    outcome.value = undefined;
    fieldErrors.value = [];
  }
}

/** The umpire typed in, or stepped, one score. */
export function setScore(field: "one" | "two", text: string): void {
  const current = draft.value;
  if (current === undefined) return;
  draft.value = { ...current, [field]: text.replace(/\D+/g, "").slice(0, 2), typed: true };
  fieldErrors.value = fieldErrors.value.filter((error) => error.field !== field);
}

/** The − and + buttons. */
export function step(field: "one" | "two", by: 1 | -1): void {
  const value = Number(draft.value?.[field] || "0") + by;
  setScore(field, String(Math.min(MAX_SCORE, Math.max(0, value))));
}

/** Empties both inputs: saved, that clears the match's score. */
export function clearInputs(): void {
  setScore("one", "");
  setScore("two", "");
}

/** Saves the inputs with the on-screen sheet scores as `expected`. */
export async function save(): Promise<void> {
  const current = draft.value;
  const entry = dayEntry.value;
  const api = scoreApi();
  const scorer = link.value;
  if (current === undefined || entry === undefined || api === undefined || scorer === undefined) return;
  if (saving.value || current.locked !== undefined) return;
  const scores = readInputs(current);
  if (scores === undefined) return;
  if (hasExpired(scorer, Date.now())) {
    forgetLink(
      "This scorer link has expired, so the score was not saved. Open today’s scorer link again, then save.",
    );
    return;
  }
  saving.value = true;
  outcome.value = undefined;
  try {
    const saved = await call(
      api.PUT("/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/score", {
        params: { path: { day: entry.dayKey, facility: current.facility, matchNumber: current.number } },
        body: { expected: current.expected, ...scores },
        signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
      }),
    );
    const now = { team1Score: saved.team1Score, team2Score: saved.team2Score };
    draft.value = { ...current, expected: now, typed: false };
    outcome.value = { kind: "saved", scores: now, published: !("error" in saved.published) };
  } catch (error) {
    outcome.value = failed(error);
  } finally {
    saving.value = false;
  }
}

/** After a conflict: save the umpire's scores over what the sheet holds now. */
export function keepMine(current: SheetNow): void {
  const form = draft.value;
  if (form === undefined) return;
  draft.value = { ...form, expected: { team1Score: current.team1Score, team2Score: current.team2Score } };
  void save();
}

/** After a conflict: take what the sheet holds now, and save nothing. */
export function takeSheets(current: SheetNow): void {
  const form = draft.value;
  if (form === undefined) return;
  draft.value = {
    ...form,
    expected: { team1Score: current.team1Score, team2Score: current.team2Score },
    one: current.team1Score === null ? "" : String(current.team1Score),
    two: current.team2Score === null ? "" : String(current.team2Score),
    typed: false,
  };
  outcome.value = undefined;
}

/** The inputs as scores, or undefined with the problems shown. */
function readInputs(form: Draft): Scores | undefined {
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
  fieldErrors.value = errors;
  if (errors.length > 0) return undefined;
  const score = (text: string) => (blank(text) ? null : Number(text));
  return { team1Score: score(form.one), team2Score: score(form.two) };
}

function failed(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { kind: "problem", text: String(error) };
  const code = error.problem?.code;
  if (code === "score_conflict" && isSheetNow(error.problem?.current)) {
    return { kind: "conflict", current: error.problem.current };
  }
  if (error.status === 401) {
    forgetLink(
      "This scorer link has expired or is no longer valid, so the score was not saved. Ask the control desk for a new link, open it on this phone, then save again.",
    );
    return { kind: "problem", text: "Not saved: the scorer link no longer works." };
  }
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

function isSheetNow(value: unknown): value is SheetNow {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const score = (x: unknown) => x === null || typeof x === "number";
  return score(v["team1Score"]) && score(v["team2Score"]);
}

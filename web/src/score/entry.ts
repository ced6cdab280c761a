/**
 * The score form of the match shown: what the umpire typed, the scores the sheet held when the form
 * was filled from the snapshot (sent as `expected`: exactly the values on screen), and what came of
 * a save. While the umpire has not typed, the form follows the snapshot; once they have, it stays
 * as it is and a change on the sheet meanwhile comes back as a conflict to resolve.
 */
import { effect, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { type Api, ApiError, call } from "../lib/api/client.ts";
import type { Match } from "../lib/data/matches.ts";
import type { DayEntry } from "../lib/data/registry.ts";
import { type DayLink, hasExpired } from "../lib/links/link-token.ts";
import type { PageEnvironment } from "../lib/page/environment.ts";
import {
  type Draft,
  draftFrom,
  type FieldError,
  inputErrors,
  MAX_SCORE,
  type Outcome,
  type Scores,
  type SheetNow,
  saveOutcome,
  seenScores,
} from "./draft.ts";
import type { Place } from "./place.ts";

/** The link, its day and the place: what the score form works from. */
export interface ScorePlace {
  /** The scorer link in use; undefined while the page asks for one. */
  link: Signal<DayLink | undefined>;
  place: Signal<Place>;
  dayEntry: ReadonlySignal<DayEntry | undefined>;
  /** The match of the address, once the snapshot has it. */
  shownMatch: ReadonlySignal<Match | undefined>;
  /** The API client, with the link in use as the bearer token (once the settings are read). */
  scoreApi(): Api | undefined;
  /** The service refused the link (expired, or no longer valid): it is forgotten and the page asks for one. */
  forgetLink(reason: string): void;
}

/** A save waits for the facility to be published (the archive commit may be spaced by several seconds). */
export const SAVE_TIMEOUT_MS = 60_000;

export interface ScoreForm {
  draft: Signal<Draft | undefined>;
  saving: Signal<boolean>;
  outcome: Signal<Outcome | undefined>;
  fieldErrors: Signal<FieldError[]>;
  /** The umpire typed in, or stepped, one score. */
  setScore(field: "one" | "two", text: string): void;
  /** The − and + buttons. */
  step(field: "one" | "two", by: 1 | -1): void;
  /** Empties both inputs: saved, that clears the match's score. */
  clearInputs(): void;
  /** Saves the inputs with the on-screen sheet scores as `expected`. */
  save(): Promise<void>;
  /** After a conflict: save the umpire's scores over what the sheet holds now. */
  keepMine(current: SheetNow): void;
  /** After a conflict: take what the sheet holds now, and save nothing. */
  takeSheets(current: SheetNow): void;
}

/** The score form of the match `page` shows. */
export function createScoreForm(env: PageEnvironment, page: ScorePlace): ScoreForm {
  const draft = signal<Draft | undefined>(undefined);
  const saving = signal(false);
  const outcome = signal<Outcome | undefined>(undefined);
  const fieldErrors = signal<FieldError[]>([]);

  const follow = (facility: string | undefined, match: Match | undefined) => {
    if (facility === undefined || match === undefined) return;
    const current = draft.peek();
    const same =
      current !== undefined && current.facility === facility && current.number === match.matchNumber;
    if (same && (current.seen === seenScores(match) || current.typed || saving.peek())) return;
    draft.value = draftFrom(facility, match);
    if (!same) {
      outcome.value = undefined;
      fieldErrors.value = [];
    }
  };
  // The form follows the snapshot while the umpire has not typed.
  effect(() => follow(page.place.value.facility, page.shownMatch.value));

  const setScore = (field: "one" | "two", text: string) => {
    const current = draft.value;
    if (current === undefined) return;
    draft.value = { ...current, [field]: text.replace(/\D+/g, "").slice(0, 2), typed: true };
    fieldErrors.value = fieldErrors.value.filter((error) => error.field !== field);
  };
  /** The inputs as scores, or undefined with the problems shown. */
  const readInputs = (form: Draft): Scores | undefined => {
    const errors = inputErrors(form);
    fieldErrors.value = errors;
    if (errors.length > 0) return undefined;
    const score = (text: string) => (text.trim() === "" ? null : Number(text));
    return { team1Score: score(form.one), team2Score: score(form.two) };
  };
  const failed = (error: unknown): Outcome => {
    if (error instanceof ApiError && error.status === 401) {
      page.forgetLink(
        "This scorer link has expired or is no longer valid, so the score was not saved. Ask the control desk for a new link, open it on this phone, then save again.",
      );
    }
    return saveOutcome(error);
  };
  const save = async () => {
    const current = draft.value;
    const entry = page.dayEntry.value;
    const api = page.scoreApi();
    const scorer = page.link.value;
    if (current === undefined || entry === undefined || api === undefined || scorer === undefined) return;
    if (saving.value || current.locked !== undefined) return;
    const scores = readInputs(current);
    if (scores === undefined) return;
    if (hasExpired(scorer, env.clock.now())) {
      page.forgetLink(
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
  };

  return {
    draft,
    saving,
    outcome,
    fieldErrors,
    setScore,
    step(field, by) {
      const value = Number(draft.value?.[field] || "0") + by;
      setScore(field, String(Math.min(MAX_SCORE, Math.max(0, value))));
    },
    clearInputs() {
      setScore("one", "");
      setScore("two", "");
    },
    save,
    keepMine(current) {
      const form = draft.value;
      if (form === undefined) return;
      draft.value = { ...form, expected: { team1Score: current.team1Score, team2Score: current.team2Score } };
      void save();
    },
    takeSheets(current) {
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
    },
  };
}

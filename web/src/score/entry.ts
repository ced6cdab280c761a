/**
 * The score form of the match shown: what the umpire typed, the scores the sheet held when the form
 * was filled (sent as `expected`: exactly the values on screen), what the sheet holds now, and what
 * came of a save. While the umpire has not typed, the form follows the live day; once they have,
 * their numbers stay put, and a change on the sheet meanwhile shows at once as a conflict to
 * resolve, before Save (or, when the page had not heard of it yet, as the save's 409).
 */
import { computed, effect, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { type Api, ApiError, call } from "../lib/api/client.ts";
import type { Match } from "../lib/data/matches.ts";
import type { DayEntry } from "../lib/data/registry.ts";
import type { PageEnvironment } from "../lib/environment.ts";
import { type DecodedLink, hasExpired } from "../lib/links/link-token.ts";
import {
  type Draft,
  draftFrom,
  type FieldError,
  inputErrors,
  MAX_SCORE,
  type Outcome,
  type Scores,
  sameScores,
  saveOutcome,
  typedScores,
} from "./draft.ts";
import type { Place } from "./place.ts";

/** The link, its day and the place: what the score form works from. */
export interface ScorePlace {
  /** The scorer link in use; undefined while the page asks for one. */
  link: Signal<DecodedLink | undefined>;
  place: Signal<Place>;
  dayEntry: ReadonlySignal<DayEntry | undefined>;
  /** The match of the address, once the snapshot has it. */
  shownMatch: ReadonlySignal<Match | undefined>;
  /** The API client, with the link in use as the bearer token (once the settings are read). */
  scoreApi(): Api | undefined;
  /** The service refused the link (no longer valid): it is forgotten and the page asks for one. */
  forgetLink(reason: string): void;
  /** The link in use expired: the page says when, and asks for a new one; `then` follows the sentence. */
  linkExpired(expired: DecodedLink, then: string): void;
}

/** A save waits for the facility to be published (the archive commit may be spaced by several seconds). */
export const SAVE_TIMEOUT_MS = 60_000;

export interface ScoreForm {
  draft: Signal<Draft | undefined>;
  /** What the sheet holds now: the live day's scores, or a newer `current` a refused save brought. */
  sheetNow: ReadonlySignal<Scores | undefined>;
  /** The sheet holds other scores than the form's `expected` while the umpire's numbers are unsaved. */
  conflict: ReadonlySignal<Scores | undefined>;
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
  keepMine(): void;
  /** After a conflict: take what the sheet holds now, and save nothing. */
  takeSheets(): void;
}

/** The score form of the match `page` shows. */
export function createScoreForm(env: PageEnvironment, page: ScorePlace): ScoreForm {
  const draft = signal<Draft | undefined>(undefined);
  const sheetNow = signal<Scores | undefined>(undefined);
  const saving = signal(false);
  const outcome = signal<Outcome | undefined>(undefined);
  const fieldErrors = signal<FieldError[]>([]);
  const conflict = computed(() => {
    const form = draft.value;
    const now = sheetNow.value;
    if (form === undefined || now === undefined || !form.typed) return undefined;
    return sameScores(now, form.expected) ? undefined : now;
  });

  const follow = (facility: string | undefined, match: Match | undefined) => {
    if (facility === undefined || match === undefined) return;
    const current = draft.peek();
    const fresh = draftFrom(facility, match);
    if (current === undefined || current.facility !== facility || current.number !== match.matchNumber) {
      draft.value = fresh;
      sheetNow.value = fresh.expected;
      outcome.value = undefined;
      fieldErrors.value = [];
      return;
    }
    if (current.seen === fresh.seen) return;
    // The sheet changed on the live day: what it holds shows at once, whatever the form holds.
    sheetNow.value = fresh.expected;
    if (!current.typed && !saving.peek()) {
      draft.value = fresh;
      return;
    }
    // Under the umpire's unsaved numbers they stay; when they are what the sheet now holds, there is nothing to resolve.
    const mine = typedScores(current);
    const agreed = mine !== undefined && sameScores(mine, fresh.expected);
    draft.value = {
      ...current,
      seen: fresh.seen,
      locked: fresh.locked,
      ...(agreed ? { expected: fresh.expected } : {}),
    };
  };
  // The form follows the live day.
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
    return typedScores(form);
  };
  const failed = (error: unknown): Outcome => {
    if (error instanceof ApiError && error.status === 401) {
      page.forgetLink(
        `${error.problem?.revoked === true ? "This scorer link was revoked by the control desk" : "This scorer link has expired or is no longer valid"}, so the score was not saved. Ask the control desk for a new link, open it on this phone, then save again.`,
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
      page.linkExpired(scorer, "The score was not saved: open the new link on this phone, then save again.");
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
      sheetNow.value = now;
      const latest = draft.peek();
      if (latest?.facility === current.facility && latest.number === current.number) {
        draft.value = { ...latest, expected: now, typed: false };
      }
      outcome.value = { kind: "saved", scores: now, published: !("error" in saved.published) };
    } catch (error) {
      const result = failed(error);
      if (result.kind === "conflict") sheetNow.value = result.current;
      outcome.value = result;
    } finally {
      saving.value = false;
    }
  };

  /** The form's `expected` becomes what the sheet holds now; `inputs` too when the umpire takes it. */
  const adopt = (inputs: boolean) => {
    const form = draft.value;
    const now = sheetNow.value;
    if (form === undefined || now === undefined) return undefined;
    const text = (score: number | null) => (score === null ? "" : String(score));
    draft.value = {
      ...form,
      expected: now,
      ...(inputs ? { one: text(now.team1Score), two: text(now.team2Score), typed: false } : {}),
    };
    return draft.value;
  };

  return {
    draft,
    sheetNow,
    conflict,
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
    keepMine() {
      if (adopt(false) !== undefined) void save();
    },
    takeSheets() {
      if (adopt(true) !== undefined) outcome.value = undefined;
    },
  };
}

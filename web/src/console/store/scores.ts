/**
 * The console's score screen: find a match of the day (by number, court or player), enter or
 * correct its score, and see who last wrote it. The form follows the same rules as the umpire's
 * score page (`score/draft.ts`): while the operator has not typed, it follows the day's snapshot;
 * a save sends the scores on screen as `expected`, and a sheet changed meanwhile answers 409
 * `score_conflict` with what it holds now, to keep the operator's scores over it or take the
 * sheet's. Who wrote a score comes from the save's answer (`note`, `previousNote`) and from the
 * conflict (`note`): scores and their notes are never read through a GET.
 */
import { computed, effect, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { ApiError } from "../../lib/api/client.ts";
import type { DayEntry } from "../../lib/data/registry.ts";
import {
  type Draft,
  draftFrom,
  type FieldError,
  inputErrors,
  type Scores,
  seenScores,
} from "../../score/draft.ts";
import type { DayStore } from "./day.ts";
import { type DayMatch, dayMatches, findMatches } from "./match-search.ts";
import type { SessionStore } from "./session.ts";

/** A save waits for the facility to be published (the archive commit may be spaced by several seconds). */
const SAVE_TIMEOUT_MS = 60_000;

/** What came of a save. */
export type ScoreOutcome =
  | {
      kind: "saved";
      scores: Scores;
      /** Who wrote it now, and who wrote the score it replaced (`null`: no note). */
      note: string | null;
      previousNote: string | null;
      /** The facility was published with it (else the next sync publishes it). */
      published: boolean;
    }
  | { kind: "conflict"; current: Scores; note: string | null }
  | { kind: "problem"; text: string };

/** Which match is open: its facility and number. */
export interface ChosenMatch {
  facility: string;
  number: string;
}

export interface ScoreScreen {
  /** What the operator typed to find a match. */
  query: Signal<string>;
  /** The matches it finds, best first, and how many more there are. */
  found: ReadonlySignal<{ shown: DayMatch[]; more: number }>;
  chosen: Signal<ChosenMatch | undefined>;
  /** The open match as the day's snapshot has it now. */
  chosenMatch: ReadonlySignal<DayMatch | undefined>;
  draft: Signal<Draft | undefined>;
  saving: Signal<boolean>;
  outcome: Signal<ScoreOutcome | undefined>;
  fieldErrors: Signal<FieldError[]>;
  /** Who last wrote each match's score, as far as this tab has learnt it (by {@link matchKey}). */
  writers: Signal<ReadonlyMap<string, string>>;
  /** The screen of this day: another day's search and open match are put away. */
  forDay(day: string): void;
  /** Opens a match's form. */
  choose(match: ChosenMatch | undefined): void;
  setScore(field: "one" | "two", text: string): void;
  /** Empties both inputs: saved, that clears the match's score. */
  clearInputs(): void;
  /** Saves the inputs with the on-screen sheet scores as `expected`. */
  save(entry: DayEntry): Promise<void>;
  /** After a conflict: save the operator's scores over what the sheet holds now. */
  keepMine(entry: DayEntry, current: Scores): Promise<void>;
  /** After a conflict: take what the sheet holds now, and save nothing. */
  takeSheets(current: Scores): void;
}

/** The key of a match in {@link ScoreScreen.writers}. */
export const matchKey = ({ facility, number }: ChosenMatch) => `${facility}\u0000${number}`;

export function createScoreScreen(day: Pick<DayStore, "feed">, session: SessionStore): ScoreScreen {
  const { api, operatorCall } = session;
  const query = signal("");
  const chosen = signal<ChosenMatch | undefined>(undefined);
  const draft = signal<Draft | undefined>(undefined);
  const saving = signal(false);
  const outcome = signal<ScoreOutcome | undefined>(undefined);
  const fieldErrors = signal<FieldError[]>([]);
  const writers = signal<ReadonlyMap<string, string>>(new Map());
  let shownDay: string | undefined;
  const all = computed(() => dayMatches(day.feed.value?.snapshot));
  const chosenMatch = computed(() => {
    const wanted = chosen.value;
    return wanted === undefined
      ? undefined
      : all.value.find((m) => m.facility === wanted.facility && m.match.matchNumber === wanted.number);
  });

  /** Fills the form from the open match, unless it shows that match already and was typed in (or is saving). */
  const follow = (open: DayMatch | undefined) => {
    if (open === undefined) return;
    const current = draft.peek();
    const same = current?.facility === open.facility && current.number === open.match.matchNumber;
    if (same && (current.seen === seenScores(open.match) || current.typed || saving.peek())) return;
    draft.value = draftFrom(open.facility, open.match);
  };
  // The form follows the snapshot while the operator has not typed.
  effect(() => follow(chosenMatch.value));

  const learn = (form: ChosenMatch, note: string | null) => {
    if (note === null) return;
    writers.value = new Map(writers.value).set(matchKey(form), note);
  };
  const setScore = (field: "one" | "two", text: string) => {
    const current = draft.value;
    if (current === undefined) return;
    draft.value = { ...current, [field]: text.replace(/\D+/g, "").slice(0, 2), typed: true };
    fieldErrors.value = fieldErrors.value.filter((error) => error.field !== field);
  };
  /** The form on screen is still the match `form` was saved for. */
  const stillShown = (form: Draft) => {
    const latest = draft.peek();
    return latest?.facility === form.facility && latest.number === form.number;
  };
  const save = async (entry: DayEntry) => {
    const form = draft.value;
    if (form === undefined || saving.value || form.locked !== undefined) return;
    const errors = inputErrors(form);
    fieldErrors.value = errors;
    if (errors.length > 0) return;
    const score = (text: string) => (text.trim() === "" ? null : Number(text));
    const scores = { team1Score: score(form.one), team2Score: score(form.two) };
    saving.value = true;
    outcome.value = undefined;
    try {
      const saved = await operatorCall(
        api().PUT("/v3/days/{day}/facilities/{facility}/matches/{matchNumber}/score", {
          params: { path: { day: entry.dayKey, facility: form.facility, matchNumber: form.number } },
          body: { expected: form.expected, ...scores },
          signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
        }),
      );
      const now = { team1Score: saved.team1Score, team2Score: saved.team2Score };
      learn(form, saved.note);
      // The operator may have opened another match while this one was saving: its form stays.
      if (!stillShown(form)) return;
      draft.value = { ...(draft.peek() as Draft), expected: now, typed: false };
      outcome.value = {
        kind: "saved",
        scores: now,
        note: saved.note,
        previousNote: saved.previousNote,
        published: !("error" in saved.published),
      };
    } catch (error) {
      const result = refused(error);
      if (result.kind === "conflict") learn(form, result.note);
      if (stillShown(form)) outcome.value = result;
    } finally {
      saving.value = false;
    }
  };

  return {
    query,
    found: computed(() => findMatches(all.value, query.value)),
    chosen,
    chosenMatch,
    draft,
    saving,
    outcome,
    fieldErrors,
    writers,
    forDay(day) {
      if (day === shownDay) return;
      shownDay = day;
      query.value = "";
      chosen.value = undefined;
      draft.value = undefined;
      outcome.value = undefined;
      fieldErrors.value = [];
      writers.value = new Map();
    },
    choose(match) {
      outcome.value = undefined;
      fieldErrors.value = [];
      draft.value = undefined;
      chosen.value = match;
      follow(chosenMatch.value);
    },
    setScore,
    clearInputs() {
      setScore("one", "");
      setScore("two", "");
    },
    save,
    keepMine(entry, current) {
      const form = draft.value;
      if (form === undefined) return Promise.resolve();
      draft.value = { ...form, expected: { team1Score: current.team1Score, team2Score: current.team2Score } };
      return save(entry);
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

/** What a refused or failed save says at the control desk. */
function refused(error: unknown): ScoreOutcome {
  if (!(error instanceof ApiError)) return { kind: "problem", text: `Not saved. ${String(error)}` };
  const problem = error.problem;
  const current = problem?.current as Partial<Scores> | undefined;
  if (problem?.code === "score_conflict" && current !== undefined) {
    return {
      kind: "conflict",
      current: {
        team1Score: typeof current.team1Score === "number" ? current.team1Score : null,
        team2Score: typeof current.team2Score === "number" ? current.team2Score : null,
      },
      note: typeof problem.note === "string" ? problem.note : null,
    };
  }
  if (problem?.code === "score_entry_off") {
    return {
      kind: "problem",
      text: "Not saved: score entry is off for this event. Turning it on is a registry change (scoreEntry).",
    };
  }
  if (error.status === 0) {
    return {
      kind: "problem",
      text: "Not saved: the service cannot be reached. Check the connection, then save again.",
    };
  }
  return { kind: "problem", text: `Not saved. ${error.message}` };
}

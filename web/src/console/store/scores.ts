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
import type { DayEntry } from "../../lib/data/registry.ts";
import {
  type Outcome,
  outcomeOnSheet,
  putScore,
  type RefusalWords,
  refusedOutcome,
  savedOutcome,
} from "../../lib/scores/save-outcome.ts";
import { checkScore, playersDecided, rulesOf, saveable } from "../../lib/scores/score-check.ts";
import {
  type Draft,
  draftFrom,
  type FieldError,
  type Scores,
  seenScores,
  typedInto,
  typedScores,
} from "../../lib/scores/score-draft.ts";
import type { DayStore } from "./day.ts";
import { type DayMatch, dayMatches, findMatches } from "./match-search.ts";
import type { SessionStore } from "./session.ts";

/** What a refused save says at the control desk. */
const CONSOLE_REFUSALS: RefusalWords = {
  entryOff: "Not saved: score entry is off for this event. Turning it on is a registry change (scoreEntry).",
  unreachable: "Not saved: the service cannot be reached. Check the connection, then save again.",
};

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
  /**
   * Both sides of the open match are known (the score page's rule, `playersDecided`): a match with a
   * blank side offers no score entry and saves nothing ("Players not decided yet").
   */
  decided: ReadonlySignal<boolean>;
  draft: Signal<Draft | undefined>;
  saving: Signal<boolean>;
  outcome: Signal<Outcome | undefined>;
  /** The boxes' problems shown: a box that holds no score at once, a missing score once Save was tapped. */
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
  /** Saves the inputs with the on-screen sheet scores as `expected`, once they fit the event's scoring. */
  save(entry: DayEntry): Promise<void>;
  /** The one more tap: saves a score the scoring says cannot end a game (retired, walkover, a handicap start). */
  saveAnyway(entry: DayEntry): Promise<void>;
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
  const outcome = signal<Outcome | undefined>(undefined);
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

  const decided = computed(() => chosenMatch.value !== undefined && playersDecided(chosenMatch.value.match));

  /** Fills the form from the open match, unless it shows that match already and was typed in (or is saving). */
  const follow = (open: DayMatch | undefined) => {
    if (open === undefined) return;
    const current = draft.peek();
    const same = current?.facility === open.facility && current.number === open.match.matchNumber;
    if (same && current.seen === seenScores(open.match)) return;
    const fresh = draftFrom(open.facility, open.match);
    // A saved score someone saved over says so; the operator's typed numbers stay.
    if (same) outcome.value = outcomeOnSheet(outcome.peek(), fresh.expected);
    if (same && (current.typed || saving.peek())) return;
    draft.value = fresh;
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
    draft.value = typedInto(current, field, text);
    fieldErrors.value = fieldErrors.value.filter((error) => error.field !== field);
  };
  /** The form on screen is still the match `form` was saved for. */
  const stillShown = (form: Draft) => {
    const latest = draft.peek();
    return latest?.facility === form.facility && latest.number === form.number;
  };
  const save = async (entry: DayEntry) => {
    const form = draft.value;
    if (form === undefined || saving.value || form.locked !== undefined || !decided.value) return;
    const check = checkScore(form, rulesOf(entry.event));
    fieldErrors.value = check.fields;
    const scores = typedScores(form);
    if (!saveable(check) || scores === undefined) return;
    saving.value = true;
    outcome.value = undefined;
    try {
      const saved = savedOutcome(await operatorCall(putScore(api(), entry.dayKey, form, scores)));
      learn(form, saved.note);
      // The operator may have opened another match while this one was saving: its form stays.
      if (!stillShown(form)) return;
      draft.value = { ...(draft.peek() as Draft), expected: saved.scores, typed: false };
      outcome.value = saved;
    } catch (error) {
      const result = refusedOutcome(error, CONSOLE_REFUSALS);
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
    decided,
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
    saveAnyway(entry) {
      if (draft.value !== undefined) draft.value = { ...draft.value, exception: true };
      return save(entry);
    },
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

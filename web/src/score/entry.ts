/**
 * The score form of the match shown: what the umpire typed, the scores the sheet held when the form
 * was filled (sent as `expected`: exactly the values on screen), what the sheet holds now, what is
 * wrong before Save (`lib/scores/score-check.ts`) and what came of a save
 * (`lib/scores/save-outcome.ts`). While the umpire has not typed, the form follows the live day
 * (`sheet-follow.ts`); once they have, their numbers stay put, and a change on the sheet meanwhile
 * shows at once as a conflict to resolve. A saved score someone saves over shows as replaced, with
 * who wrote the new one and when.
 */
import { computed, effect, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { type Api, ApiError, call } from "../lib/api/client.ts";
import type { Match } from "../lib/data/matches.ts";
import type { DayEntry } from "../lib/data/registry.ts";
import type { PageEnvironment } from "../lib/environment.ts";
import { type DecodedLink, hasExpired } from "../lib/links/link-token.ts";
import {
  askWhoReplaced,
  type Outcome,
  outcomeOnSheet,
  putScore,
  refusedOutcome,
  savedOutcome,
} from "../lib/scores/save-outcome.ts";
import { checkScore, rulesOf, type ScoreCheck, saveable } from "../lib/scores/score-check.ts";
import {
  type Draft,
  type FieldError,
  MAX_SCORE,
  type Scores,
  sameScores,
  typedInto,
  typedScores,
} from "../lib/scores/score-draft.ts";
import type { Place } from "./place.ts";
import { linkRefusedSentence, SCORE_PAGE_REFUSALS } from "./refusals.ts";
import { followSheet } from "./sheet-follow.ts";

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

export interface ScoreForm {
  draft: Signal<Draft | undefined>;
  /** What the sheet holds now: the live day's scores, or a newer `current` a refused save brought. */
  sheetNow: ReadonlySignal<Scores | undefined>;
  /** The sheet holds other scores than the form's `expected` while the umpire's numbers are unsaved. */
  conflict: ReadonlySignal<Scores | undefined>;
  /** The form checked as it stands: its boxes, and its score against the event's scoring. */
  check: ReadonlySignal<ScoreCheck>;
  saving: Signal<boolean>;
  outcome: Signal<Outcome | undefined>;
  /** The boxes' problems shown: a box that holds no score at once, a missing score once Save was tapped. */
  fieldErrors: ReadonlySignal<FieldError[]>;
  /** The umpire typed in, or stepped, one score. */
  setScore(field: "one" | "two", text: string): void;
  /** The − and + buttons. */
  step(field: "one" | "two", by: 1 | -1): void;
  /** Empties both inputs: saved, that clears the match's score. */
  clearInputs(): void;
  /** Saves the inputs with the on-screen sheet scores as `expected`. */
  save(): Promise<void>;
  /** The one more tap: saves a score the scoring says cannot end a game (retired, walkover, a handicap start). */
  saveAnyway(): Promise<void>;
  /** Saves a final the point counter filled in (`counting.ts`). */
  saveFinal(scores: { team1Score: number; team2Score: number }): Promise<void>;
  /** After a conflict: save the umpire's scores over what the sheet holds now. */
  keepMine(): void;
  /** After a conflict: take what the sheet holds now, and save nothing. */
  takeSheets(): void;
}

/** The form's signals, shared by the functions below. */
interface FormState {
  draft: Signal<Draft | undefined>;
  sheetNow: Signal<Scores | undefined>;
  saving: Signal<boolean>;
  outcome: Signal<Outcome | undefined>;
  /** Save was tapped since the umpire last typed: a missing score shows. */
  attempted: Signal<boolean>;
}

/** The score form of the match `page` shows. */
export function createScoreForm(env: PageEnvironment, page: ScorePlace): ScoreForm {
  const state: FormState = {
    draft: signal(undefined),
    sheetNow: signal(undefined),
    saving: signal(false),
    outcome: signal(undefined),
    attempted: signal(false),
  };
  const { draft, sheetNow, saving, outcome, attempted } = state;
  const check = computed(() =>
    draft.value === undefined
      ? { fields: [], rule: undefined, excepted: false }
      : checkScore(draft.value, rulesOf(page.dayEntry.value?.event)),
  );
  effect(() => followLiveDay(state, page, page.place.value.facility, page.shownMatch.value));

  const setScore = (field: "one" | "two", text: string) => {
    if (draft.value === undefined) return;
    draft.value = typedInto(draft.value, field, text);
    attempted.value = false;
  };
  const save = () => saveDraft(env, state, page, check.value);
  /** The form's `expected` becomes what the sheet holds now; the inputs too when the umpire takes it. */
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
    conflict: computed(() => {
      const form = draft.value;
      const now = sheetNow.value;
      if (form === undefined || now === undefined || !form.typed) return undefined;
      return sameScores(now, form.expected) ? undefined : now;
    }),
    check,
    saving,
    outcome,
    fieldErrors: computed(() => check.value.fields.filter((e) => e.kind === "fit" || attempted.value)),
    setScore,
    step(field, by) {
      const typed = Number(draft.value?.[field] || "0");
      const value = Number.isInteger(typed) ? typed + by : 0;
      setScore(field, String(Math.min(MAX_SCORE, Math.max(0, value))));
    },
    clearInputs() {
      setScore("one", "");
      setScore("two", "");
    },
    save,
    saveAnyway() {
      if (draft.value !== undefined) draft.value = { ...draft.value, exception: true };
      return save();
    },
    saveFinal(scores) {
      setScore("one", String(scores.team1Score));
      setScore("two", String(scores.team2Score));
      return save();
    },
    keepMine() {
      if (adopt(false) !== undefined) void save();
    },
    takeSheets() {
      if (adopt(true) !== undefined) outcome.value = undefined;
    },
  };
}

/**
 * The form after the live day shows `match`: a new match starts afresh; a change on the sheet
 * shows at once (`sheetNow`), and a saved score it replaced says so, with who replaced it.
 */
function followLiveDay(
  state: FormState,
  page: ScorePlace,
  facility: string | undefined,
  match: Match | undefined,
) {
  if (facility === undefined || match === undefined) return;
  const followed = followSheet(state.draft.peek(), facility, match, state.saving.peek());
  state.draft.value = followed.draft;
  if (followed.other) {
    state.outcome.value = undefined;
    state.attempted.value = false;
  }
  if (!followed.changed) return;
  const sheet = sheetFrom(match);
  state.sheetNow.value = sheet;
  const after = outcomeOnSheet(state.outcome.peek(), sheet);
  state.outcome.value = after;
  if (after?.kind === "replaced" && after.note === undefined) void askWho(state, page, after.mine);
}

/** The sheet's scores in a match's row (a text cell reads as no score). */
function sheetFrom(match: Match): Scores {
  const score = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);
  return { team1Score: score(match.team1Score), team2Score: score(match.team2Score) };
}

/** Asks the service who wrote the score that replaced `mine` (`askWhoReplaced`), into the outcome. */
async function askWho(state: FormState, page: ScorePlace, mine: Scores): Promise<void> {
  const form = state.draft.peek();
  const api = page.scoreApi();
  const entry = page.dayEntry.peek();
  if (form === undefined || api === undefined || entry === undefined) return;
  const told = await askWhoReplaced(putScore(api, entry.dayKey, { ...form, expected: mine }, mine), call);
  const shown = state.outcome.peek();
  if (shown?.kind !== "replaced" || !sameScores(shown.mine, mine)) return;
  if (told === undefined) state.outcome.value = outcomeOnSheet(shown, mine);
  else
    state.outcome.value = { ...shown, note: told.note, ...(told.current ? { current: told.current } : {}) };
}

/** Saves the draft as `check` allows, with the on-screen sheet scores as `expected`. */
async function saveDraft(env: PageEnvironment, state: FormState, page: ScorePlace, check: ScoreCheck) {
  const current = state.draft.value;
  const entry = page.dayEntry.value;
  const api = page.scoreApi();
  const scorer = page.link.value;
  if (current === undefined || entry === undefined || api === undefined || scorer === undefined) return;
  if (state.saving.value || current.locked !== undefined) return;
  state.attempted.value = true;
  const scores = typedScores(current);
  if (!saveable(check) || scores === undefined) return;
  if (hasExpired(scorer, env.clock.now())) {
    page.linkExpired(scorer, "The score was not saved: open the new link on this phone, then save again.");
    return;
  }
  state.saving.value = true;
  state.outcome.value = undefined;
  try {
    const saved = savedOutcome(await call(putScore(api, entry.dayKey, current, scores)));
    state.sheetNow.value = saved.scores;
    const latest = state.draft.peek();
    if (latest?.facility === current.facility && latest.number === current.number) {
      state.draft.value = { ...latest, expected: saved.scores, typed: false };
    }
    state.outcome.value = saved;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      page.forgetLink(linkRefusedSentence(error.problem?.revoked === true));
    }
    const result = refusedOutcome(error, SCORE_PAGE_REFUSALS);
    if (result.kind === "conflict") state.sheetNow.value = result.current;
    state.outcome.value = result;
  } finally {
    state.saving.value = false;
  }
}

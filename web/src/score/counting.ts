/**
 * The point counter of the match shown (`lib/courts/point-counter.ts`): made for each match the
 * page shows, so a counter kept on the phone (a reload, a phone that was offline) comes back on
 * screen as it was; started by the umpire's tap, or put away for the final-only form (an umpire
 * who keeps score on paper). Its final is saved through the score form (`entry.ts`): the score
 * PUT with the sheet's scores as `expected`, filled in from the counter.
 */
import { effect, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { createPointCounter, type PointCounter } from "../lib/courts/point-counter.ts";
import type { PageEnvironment } from "../lib/environment.ts";
import { rulesOf } from "../lib/scores/score-check.ts";
import { sameScores } from "../lib/scores/score-draft.ts";
import type { ScoreForm, ScorePlace } from "./entry.ts";

export interface Counting {
  /** The counter of the match shown, once the page can send (a link, its day, the match). */
  counter: ReadonlySignal<PointCounter | undefined>;
  /** The counter is on screen (started here, or kept on the phone from before), in place of the final-only form. */
  counting: Signal<boolean>;
  /** The umpire starts counting point by point: 0–0 is sent, the match shows as started. */
  startCounting(): void;
  /** Back to the final-only form; the count is kept on the phone. */
  enterFinal(): void;
  /** Saves the counter's final with the score PUT, no live point sent meanwhile; once saved, the counter is done. */
  saveCount(): Promise<void>;
}

export function createCounting(
  env: PageEnvironment,
  page: ScorePlace,
  form: Pick<ScoreForm, "saveFinal" | "outcome" | "saving">,
): Counting {
  const counter = signal<PointCounter | undefined>(undefined);
  const counting = signal(false);
  let shownKey: string | undefined;

  effect(() => {
    const entry = page.dayEntry.value;
    const match = page.shownMatch.value;
    const facility = page.place.value.facility;
    const scorer = page.link.value;
    const api = page.scoreApi();
    const key =
      entry && match && facility && scorer && api
        ? `${entry.dayKey}\u0000${facility}\u0000${match.matchNumber}`
        : undefined;
    if (key === shownKey) return;
    shownKey = key;
    counter.peek()?.stop();
    if (key === undefined || entry === undefined || match === undefined || facility === undefined || !api) {
      counter.value = undefined;
      counting.value = false;
      return;
    }
    const made = createPointCounter({
      api,
      clock: env.clock,
      storage: env.storage,
      connection: env.connection,
      rules: rulesOf(entry.event),
      match: { day: entry.dayKey, facility, matchNumber: match.matchNumber },
    });
    counter.value = made;
    counting.value = made.state.peek().seq > 0;
  });

  // While a score is saved from the counter (its final, or Keep mine after a conflict) no live
  // point is sent: one the counter still had to send could reach the service after the final.
  effect(() => {
    const shown = counter.value;
    if (shown !== undefined && counting.value && form.saving.value) return shown.hold();
  });
  // The counter's final saved, by either way: the counter is done and sends no more.
  effect(() => {
    const shown = counter.value;
    const outcome = form.outcome.value;
    const final = shown?.final.value;
    if (shown === undefined || !counting.value || outcome?.kind !== "saved" || final === undefined) return;
    if (sameScores(outcome.scores, final)) shown.saved();
  });

  return {
    counter,
    counting,
    startCounting() {
      counter.value?.start();
      counting.value = true;
    },
    enterFinal() {
      counting.value = false;
    },
    async saveCount() {
      const shown = counter.value;
      const final = shown?.final.value;
      if (shown === undefined || final === undefined) return;
      await form.saveFinal(final);
    },
  };
}

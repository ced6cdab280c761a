import { useEffect, useRef } from "preact/hooks";
import { categoryLabel } from "../../../lib/data/labels.ts";
import type { DayEntry } from "../../../lib/data/registry.ts";
import type { Outcome as SaveOutcome } from "../../../lib/scores/save-outcome.ts";
import {
  checkScore,
  EXCEPTION_WORDS,
  PLAYERS_NOT_DECIDED_SENTENCE,
  rulesOf,
} from "../../../lib/scores/score-check.ts";
import { MAX_SCORE, scoreText } from "../../../lib/scores/score-draft.ts";
import { writtenBy } from "../../../lib/scores/score-note.ts";
import { useConsole } from "../../context.ts";
import type { DayMatch } from "../../store/match-search.ts";
import { type ChosenMatch, matchKey } from "../../store/scores.ts";

/** The sentence of a save's outcome, with who wrote the score and whose score it replaced. */
function Outcome({ outcome, now, entry }: { outcome: SaveOutcome; now: number; entry: DayEntry }) {
  const { keepMine, takeSheets, draft, saving } = useConsole().scores;
  if (outcome.kind === "replaced") {
    return (
      <p class="notice warn" role="alert">
        Your save (<strong class="figures">{scoreText(outcome.mine)}</strong>) was replaced: the sheet now
        holds <strong class="figures">{scoreText(outcome.current)}</strong>.
      </p>
    );
  }
  if (outcome.kind === "problem") {
    return (
      <p class="notice warn" role="alert">
        {outcome.text}
      </p>
    );
  }
  if (outcome.kind === "saved") {
    return (
      <div class="notice" role="status">
        <p>
          Saved: <strong class="figures">{scoreText(outcome.scores)}</strong>
          {outcome.note && `, written as ${writtenBy(outcome.note, now)}`}.{" "}
          {outcome.previousNote &&
            `It replaced the score written by ${writtenBy(outcome.previousNote, now)}.`}
        </p>
        <p>
          {outcome.published
            ? "Published: spectators and umpires see it now."
            : "It is in the workbook; publishing it failed, so the next sync publishes it."}
        </p>
      </div>
    );
  }
  const form = draft.value;
  const mine = form === undefined ? "" : `${form.one || "–"}–${form.two || "–"}`;
  const { current, note } = outcome;
  return (
    <div class="notice warn" role="alert">
      <p>
        Not saved: the sheet changed since this match was shown. It now holds{" "}
        <strong class="figures">{scoreText(current)}</strong>
        {note ? `, written by ${writtenBy(note, now)}` : ""}.
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={saving.value}
          onClick={() => void keepMine(entry, current)}
        >
          Keep mine ({mine})
        </button>
        <button type="button" disabled={saving.value} onClick={() => takeSheets(current)}>
          Take the sheet's ({scoreText(current)})
        </button>
      </div>
    </div>
  );
}

/** The two boxes, the check against the event's scoring with its one more tap, Save and Clear. */
function Boxes({ entry, match, off }: { entry: DayEntry; match: DayMatch["match"]; off: boolean }) {
  const { clearInputs, draft, fieldErrors, save, saveAnyway, saving, setScore } = useConsole().scores;
  const form = draft.value;
  const check = form === undefined ? undefined : checkScore(form, rulesOf(entry.event));
  // A box that holds no score shows at once; a missing score once Save was tapped.
  const errors = [...fieldErrors.value, ...(check?.fields ?? []).filter((e) => e.kind === "fit")];
  const errorOf = (field: "one" | "two") => errors.find((e) => e.field === field)?.text;
  const rule = form?.typed ? check?.rule : undefined;
  const locked = form?.locked !== undefined;
  // Players by name; a team code only where a side has no names yet (a playoff seat).
  const side = (name: string, code: string) => name || code;
  const input = (field: "one" | "two", name: string) => {
    const id = `score-${field}`;
    const error = errorOf(field);
    return (
      <div class="score-field">
        <label class="score-label" for={id}>
          {name}
        </label>
        {error && (
          <p class="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
        <input
          id={id}
          class="short figures"
          inputMode="numeric"
          autocomplete="off"
          disabled={locked || off}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={form?.[field] ?? ""}
          onInput={(e) => setScore(field, (e.currentTarget as HTMLInputElement).value)}
        />
      </div>
    );
  };
  return (
    <form
      class="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(entry);
      }}
    >
      <fieldset>
        <legend>Score, 0 to {MAX_SCORE}</legend>
        <div class="score-fields">
          {input("one", side(match.team1, match.teamCode1))}
          {input("two", side(match.team2, match.teamCode2))}
        </div>
      </fieldset>
      {rule && (
        <div class="notice warn" role="alert">
          <p>{rule}</p>
          <button type="button" disabled={saving.value || off} onClick={() => void saveAnyway(entry)}>
            Save {form && `${form.one}–${form.two}`} anyway: {EXCEPTION_WORDS}
          </button>
        </div>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={saving.value || locked || off || rule !== undefined}>
          {saving.value ? "Saving…" : "Save score"}
        </button>
        <button type="button" disabled={saving.value || locked || off} onClick={clearInputs}>
          Clear both boxes
        </button>
      </div>
      <p class="hint">Saving both boxes empty removes the match's score.</p>
    </form>
  );
}

/**
 * One match's score form: what the sheet holds and who wrote it (as far as this console has
 * learnt it), the two scores, Save and Clear; a conflict offers Keep mine or Take the sheet's. A
 * match whose players are not known yet offers no boxes ("Players not decided yet").
 */
export function ScoreForm({
  entry,
  open,
  chosen,
  off,
}: {
  entry: DayEntry;
  open: DayMatch | undefined;
  chosen: ChosenMatch;
  off: boolean;
}) {
  const { app, scores } = useConsole();
  const { decided, draft, outcome, writers } = scores;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form opens beside (or, on a phone, below) the list: take the reader there.
  useEffect(() => heading.current?.focus(), [chosen.facility, chosen.number]);
  const title = `Match ${chosen.number} · ${chosen.facility}`;
  if (open === undefined) {
    return (
      <section class="panel" aria-labelledby="score-heading">
        <h2 id="score-heading" tabIndex={-1} ref={heading}>
          {title}
        </h2>
        <p class="notice warn">This match is no longer in the day's published matches. Find it again.</p>
      </section>
    );
  }
  const { match } = open;
  const form = draft.value;
  const writer = writers.value.get(matchKey(chosen));
  const sheet = form === undefined ? "" : scoreText(form.expected);
  const facts = [match.court, match.time, categoryLabel(entry.event.display, match.category), match.round]
    .filter(Boolean)
    .join(" · ");
  return (
    <section class="panel" aria-labelledby="score-heading">
      <h2 id="score-heading" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {facts && <p class="muted">{facts}</p>}
      <p>
        On the sheet: <strong class="figures">{sheet}</strong>
        {form?.typed && " (you have changed the boxes below and not saved)"}.
      </p>
      <p class="muted">
        {writer
          ? `Last written by ${writtenBy(writer, app.now.value)}.`
          : "Who wrote it: shown once you save, or when the sheet changes while this match is open."}
      </p>
      {form?.locked !== undefined && (
        <p class="notice warn">
          The sheet holds “{match.team1Score || match.team2Score}” for this match, which is not a score:
          change it in the workbook.
        </p>
      )}
      {decided.value ? (
        <Boxes entry={entry} match={match} off={off} />
      ) : (
        <p class="notice" role="status">
          {PLAYERS_NOT_DECIDED_SENTENCE}
        </p>
      )}
      {outcome.value && <Outcome outcome={outcome.value} now={app.now.value} entry={entry} />}
    </section>
  );
}

import { useEffect, useRef } from "preact/hooks";
import type { Match } from "../../lib/data/matches.ts";
import { EXCEPTION_WORDS } from "../../lib/scores/score-check.ts";
import { scoreText } from "../../lib/scores/score-draft.ts";
import { useScore } from "../context.ts";
import { ConflictNotice } from "./ConflictNotice.tsx";
import { SaveOutcome } from "./SaveOutcome.tsx";
import { SideScore } from "./SideScore.tsx";

/**
 * Both scores with big − and + buttons, one primary action (save), and a clear: what the sheet holds
 * (as sent in `expected`) above, what came of the last save in between. A score the event's
 * scoring says cannot end a game is said before Save, with the one more tap that saves it anyway.
 */
export function ScoreForm({ match }: { match: Match }) {
  const { check, clearInputs, conflict, draft, fieldErrors, save, saveAnyway, saving, sheetNow } = useScore();
  const form = draft.value;
  const errors = fieldErrors.value;
  const summary = useRef<HTMLDivElement>(null);
  const blankErrors = errors.filter((e) => e.kind === "blank").length;
  useEffect(() => {
    if (blankErrors > 0) summary.current?.focus();
  }, [blankErrors]);
  if (form === undefined || form.number !== match.matchNumber) return null;
  const empty = form.one.trim() === "" && form.two.trim() === "";
  const clearing = empty && form.expected.team1Score !== null;
  const rule = form.typed ? check.value.rule : undefined;
  return (
    <>
      {errors.length > 0 && (
        <div class="error-summary" role="alert" tabIndex={-1} ref={summary}>
          <h2>There is a problem</h2>
          <ul>
            {errors.map((error) => (
              <li key={error.field + error.text}>
                <a href={`#score-${error.field}`}>{error.text}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <SaveOutcome />
      {conflict.value && <ConflictNotice current={conflict.value} />}
      {form.locked ? (
        <p class="notice warn">{form.locked}</p>
      ) : (
        <form
          class="score-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <p class="on-sheet">
            On the sheet: <strong class="figures">{scoreText(sheetNow.value ?? form.expected)}</strong>
          </p>
          <SideScore field="one" names={match.team1} code={match.teamCode1} />
          <SideScore field="two" names={match.team2} code={match.teamCode2} />
          {rule && (
            <div class="notice warn rule" role="alert">
              <p>{rule}</p>
              <button type="button" class="warning" disabled={saving.value} onClick={() => void saveAnyway()}>
                Save {form.one}–{form.two} anyway: {EXCEPTION_WORDS}
              </button>
            </div>
          )}
          {form.typed && check.value.excepted && (
            <p class="notice" role="status">
              Saving {form.one}–{form.two} as it is: {EXCEPTION_WORDS}.
            </p>
          )}
          <button type="submit" class="primary save" disabled={saving.value || rule !== undefined}>
            {saving.value ? "Saving…" : clearing ? "Save: clear the score" : "Save score"}
          </button>
          <button type="button" class="warning" onClick={clearInputs} disabled={saving.value || empty}>
            Clear both scores
          </button>
        </form>
      )}
    </>
  );
}

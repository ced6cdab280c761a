import { useEffect, useRef } from "preact/hooks";
import type { Match } from "../../lib/data/matches.ts";
import { useScore } from "../context.ts";
import { scoreText } from "../draft.ts";
import { ConflictNotice } from "./ConflictNotice.tsx";
import { SideScore } from "./SideScore.tsx";

/**
 * Both scores with big − and + buttons, one primary action (save), and a clear: what the sheet holds
 * (as sent in `expected`) above, what came of the last save in between.
 */
export function ScoreForm({ match }: { match: Match }) {
  const { clearInputs, conflict, draft, fieldErrors, outcome, save, saving, sheetNow } = useScore();
  const form = draft.value;
  const errors = fieldErrors.value;
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) summary.current?.focus();
  }, [errors]);
  if (form === undefined || form.number !== match.matchNumber) return null;
  const result = outcome.value;
  const empty = form.one.trim() === "" && form.two.trim() === "";
  const clearing = empty && form.expected.team1Score !== null;
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
      {result?.kind === "saved" && (
        <p class="notice ok" role="status">
          Saved: {scoreText(result.scores)}.{" "}
          {result.published
            ? "It is on the live results now."
            : "It is in the workbook; the live results show it after the next sync."}
        </p>
      )}
      {conflict.value && <ConflictNotice current={conflict.value} />}
      {result?.kind === "problem" && (
        <p class="notice error" role="alert">
          {result.text}
        </p>
      )}
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
          <button type="submit" class="primary save" disabled={saving.value}>
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

import { scoreText } from "../../lib/scores/score-draft.ts";
import { writtenBy } from "../../lib/scores/score-note.ts";
import { useScore } from "../context.ts";

/**
 * What came of the last save, as a banner that only ever claims what the sheet holds: saved (and
 * on the live results), replaced since by someone else (who, when, and the two scores side by
 * side), or refused. A conflict before Save is {@link ConflictNotice}.
 */
export function SaveOutcome() {
  const { outcome, now } = useScore();
  const result = outcome.value;
  if (result?.kind === "saved") {
    return (
      <p class="notice ok" role="status">
        Saved: {scoreText(result.scores)}.{" "}
        {result.published
          ? "It is on the live results now."
          : "It is in the workbook; the live results show it after the next sync."}
      </p>
    );
  }
  if (result?.kind === "replaced") {
    const who =
      result.note === undefined
        ? "Finding out who saved it…"
        : result.note === null
          ? "Someone else saved over it."
          : `Saved over by ${writtenBy(result.note, now.value)}.`;
    return (
      <div class="notice warn replaced" role="alert">
        <h2>Your score was replaced</h2>
        <p>{who}</p>
        <dl class="side-by-side figures">
          <div>
            <dt>Yours</dt>
            <dd>{scoreText(result.mine)}</dd>
          </div>
          <div>
            <dt>On the sheet now</dt>
            <dd>{scoreText(result.current)}</dd>
          </div>
        </dl>
        <p>Check with the control desk which is right before you save again.</p>
      </div>
    );
  }
  if (result?.kind === "problem") {
    return (
      <p class="notice error" role="alert">
        {result.text}
      </p>
    );
  }
  return null;
}

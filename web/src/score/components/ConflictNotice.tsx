import { type Scores, scoreText, typedScores } from "../../lib/scores/score-draft.ts";
import { useScore } from "../context.ts";

/**
 * The sheet holds other scores than the form was filled with, while the umpire's numbers are not
 * saved: shown as soon as the live day says so (before Save), or when a save is refused with
 * 409 `score_conflict`. It shows what the sheet holds now beside the umpire's numbers, and lets
 * them keep theirs or take the sheet's.
 */
export function ConflictNotice({ current }: { current: Scores }) {
  const { draft, keepMine, outcome, saving, takeSheets } = useScore();
  const form = draft.value;
  const mine = form === undefined ? undefined : typedScores(form);
  const refused = outcome.value?.kind === "conflict";
  return (
    <div class="notice warn conflict" role="alert">
      <h2>{refused ? "The sheet changed before your save" : "The sheet changed while you were scoring"}</h2>
      <p>
        Someone saved this match in the meantime. The sheet now holds{" "}
        <strong class="figures">{scoreText(current)}</strong>
        {mine && (
          <>
            ; yours is <strong class="figures">{scoreText(mine)}</strong>
          </>
        )}
        . {refused ? "Nothing of yours was saved." : "Yours is not saved yet: choose which to keep."}
      </p>
      <div class="actions">
        <button type="button" class="primary" disabled={saving.value} onClick={keepMine}>
          Keep mine{mine && ` (${scoreText(mine)})`}
        </button>
        <button type="button" disabled={saving.value} onClick={takeSheets}>
          Take the sheet’s ({scoreText(current)})
        </button>
      </div>
    </div>
  );
}

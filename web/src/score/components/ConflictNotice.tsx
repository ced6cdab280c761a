import { useScore } from "../context.ts";
import { type SheetNow, scoreText } from "../draft.ts";

/**
 * A 409 `score_conflict`: someone changed the sheet since this form was filled. It shows what the
 * sheet holds now (`current`) beside the umpire's, and lets them keep theirs or take the sheet's.
 */
export function ConflictNotice({ current }: { current: SheetNow }) {
  const { draft, keepMine, saving, takeSheets } = useScore();
  const form = draft.value;
  const mine =
    form === undefined
      ? undefined
      : {
          team1Score: form.one.trim() === "" ? null : Number(form.one),
          team2Score: form.two.trim() === "" ? null : Number(form.two),
        };
  return (
    <div class="notice warn conflict" role="alert">
      <h2>The sheet changed before your save</h2>
      <p>
        Someone saved this match in the meantime. The sheet now holds{" "}
        <strong class="figures">{scoreText(current)}</strong>
        {mine && (
          <>
            ; yours is <strong class="figures">{scoreText(mine)}</strong>
          </>
        )}
        . Nothing of yours was saved.
      </p>
      <div class="actions">
        <button type="button" class="primary" disabled={saving.value} onClick={() => keepMine(current)}>
          Keep mine{mine && ` (${scoreText(mine)})`}
        </button>
        <button type="button" disabled={saving.value} onClick={() => takeSheets(current)}>
          Take the sheet’s ({scoreText(current)})
        </button>
      </div>
    </div>
  );
}

import { teamLabel } from "../../lib/data/labels.ts";
import { useScore } from "../context.ts";

/**
 * One side's score: its players (with their club or team where the registry names it, never a
 * bare team code), and the score with − and + buttons big enough for a thumb.
 */
export function SideScore({ field, names, code }: { field: "one" | "two"; names: string; code: string }) {
  const { dayEntry, draft, fieldErrors, setScore, step } = useScore();
  const value = draft.value?.[field] ?? "";
  const error = fieldErrors.value.find((e) => e.field === field);
  const id = `score-${field}`;
  const event = dayEntry.value?.event;
  const team = event === undefined ? undefined : teamLabel(event, code);
  const who = names || team || code;
  return (
    <div class={`side${error ? " invalid" : ""}`}>
      <label for={id}>
        {who}
        {names && team && <span class="code"> ({team})</span>}
      </label>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          <span class="visually-hidden">Error: </span>
          {error.text}
        </p>
      )}
      <div class="stepper">
        <button type="button" aria-label={`One point less for ${who}`} onClick={() => step(field, -1)}>
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          class="figures"
          value={value}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(event) => setScore(field, event.currentTarget.value)}
        />
        <button type="button" aria-label={`One point more for ${who}`} onClick={() => step(field, 1)}>
          +
        </button>
      </div>
    </div>
  );
}

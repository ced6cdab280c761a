import { useSignal } from "@preact/signals";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { useConsole } from "../../context.ts";
import { Problem, Said } from "../Problem.tsx";
import { ScoreEntryOff } from "../ScoreEntryOff.tsx";

const MODES = [
  {
    value: "console",
    name: "Operators only",
    hint: "Only signed-in operators enter scores. Scorer links are refused within about a minute, and no new ones are issued.",
  },
  {
    value: "links",
    name: "Operators and scorer links",
    hint: "Umpires with a scorer link enter their match's score from their phone. Links issued earlier work again until they expire.",
  },
] as const;

/** The event's score-entry mode, switched between the console and scorer links; off when the event has no setting. */
export function ScoreEntrySwitch({ entry }: { entry: DayEntry }) {
  const { scoreEntry, scoreEntryChange, setScoreEntry } = useConsole().day;
  const mode = scoreEntry.value?.scoreEntry;
  const off = scoreEntry.value !== undefined && mode === null;
  const change = scoreEntryChange.result.value;
  const chosen = useSignal<"console" | "links" | undefined>(undefined);
  const value = chosen.value ?? mode ?? undefined;
  const submit = (event: Event) => {
    event.preventDefault();
    if (value !== undefined) void setScoreEntry(entry, value);
  };
  return (
    <section class="panel" aria-labelledby="scoring-heading">
      <h2 id="scoring-heading">Score entry</h2>
      {off && <ScoreEntryOff entry={entry} id="scoring-off" />}
      <form onSubmit={submit}>
        <fieldset
          disabled={off || mode === undefined || scoreEntryChange.busy.value}
          aria-describedby={off ? "scoring-off" : undefined}
        >
          <legend>Who enters scores for this event</legend>
          {MODES.map((choice) => (
            <div class="choice" key={choice.value}>
              <input
                type="radio"
                name="score-entry"
                id={`score-entry-${choice.value}`}
                checked={value === choice.value}
                onChange={() => {
                  chosen.value = choice.value;
                }}
                aria-describedby={`score-entry-${choice.value}-hint`}
              />
              <label for={`score-entry-${choice.value}`}>{choice.name}</label>
              <p class="hint" id={`score-entry-${choice.value}-hint`}>
                {choice.hint}
              </p>
            </div>
          ))}
        </fieldset>
        {!off && (
          <button type="submit" class="primary" disabled={mode === undefined || scoreEntryChange.busy.value}>
            {scoreEntryChange.busy.value ? "Saving…" : "Save score entry"}
          </button>
        )}
      </form>
      <Problem text={scoreEntryChange.problem.value} />
      {change && (
        <Said>
          {change.changed
            ? `Saved: ${MODES.find((m) => m.value === change.scoreEntry)?.name}. ${
                change.scoreEntry === "console"
                  ? "Scorer links stop working within about a minute, everywhere."
                  : "Scorer links issued earlier work again within about a minute."
              }`
            : "Nothing changed."}
        </Said>
      )}
    </section>
  );
}

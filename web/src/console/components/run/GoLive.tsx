import { useSignal } from "@preact/signals";
import type { DayEntry, IsLive } from "../../../lib/data/registry.ts";
import { dayVisibility } from "../../../lib/data/visibility.ts";
import { dayLabel } from "../../../lib/manila-time.ts";
import { useConsole } from "../../context.ts";
import { Problem, Said } from "../Problem.tsx";

const CHOICES: Array<{ value: IsLive; name: string }> = [
  { value: true, name: "Live" },
  { value: false, name: "Hidden" },
  { value: "auto", name: "Automatic" },
];

/**
 * What spectators see for a value, read exactly as the public page reads it
 * (`lib/data/visibility.ts`, docs/pages.md): a sentence for the operator.
 */
export function spectatorsSee(value: IsLive | null, date: string | undefined, at: number): string {
  if (value === true) return "Spectators see the day's results now.";
  if (value === false) return "Spectators see that results are not public yet, until you go live.";
  if (!date) return "This day has no date, so spectators see its results now.";
  const rule = `Results open by themselves at 00:00 Manila time on ${dayLabel(date)}`;
  return dayVisibility(value, date, at).shown
    ? `${rule}, so spectators see them now.`
    : `${rule}; until then spectators see when they open.`;
}

/** The go-live setting (`isLive`): live, hidden or automatic, with what each means for spectators. */
export function GoLive({ entry }: { entry: DayEntry }) {
  const { app, day } = useConsole();
  const { now } = app;
  const { isLive, setVisibility, visibility } = day;
  const current = isLive.value;
  const chosen = useSignal<IsLive | undefined>(undefined);
  const value = chosen.value ?? (current === null ? "auto" : current);
  const report = visibility.result.value;
  const submit = (event: Event) => {
    event.preventDefault();
    if (value !== undefined) void setVisibility(entry, value);
  };
  return (
    <section class="panel" aria-labelledby="live-heading">
      <h2 id="live-heading">Go live</h2>
      <p>
        Now:{" "}
        <strong>
          {current === undefined
            ? "reading…"
            : current === null
              ? "no setting (read as Automatic)"
              : CHOICES.find((c) => c.value === current)?.name}
        </strong>
        . {current !== undefined && spectatorsSee(current, entry.day.date, now.value)}
      </p>
      <form onSubmit={submit}>
        <fieldset>
          <legend>What spectators see of this day</legend>
          {CHOICES.map((choice) => (
            <div class="choice" key={String(choice.value)}>
              <input
                type="radio"
                name="is-live"
                id={`is-live-${String(choice.value)}`}
                checked={value === choice.value}
                onChange={() => {
                  chosen.value = choice.value;
                }}
                aria-describedby={`is-live-${String(choice.value)}-hint`}
              />
              <label for={`is-live-${String(choice.value)}`}>{choice.name}</label>
              <p class="hint" id={`is-live-${String(choice.value)}-hint`}>
                {spectatorsSee(choice.value, entry.day.date, now.value)}
              </p>
            </div>
          ))}
        </fieldset>
        <button type="submit" class="primary" disabled={visibility.busy.value || current === undefined}>
          {visibility.busy.value ? "Saving…" : "Save and republish"}
        </button>
      </form>
      <Problem text={visibility.problem.value} />
      {report && (
        <Said>
          Saved: {CHOICES.find((c) => c.value === report.isLive)?.name}.{" "}
          {!report.republished
            ? "The day has not been published yet, so there was nothing to republish."
            : report.live?.pushed
              ? `Republished and pushed to ${report.live.clients ?? 0} open page${report.live.clients === 1 ? "" : "s"}.`
              : "Republished to the published file; open pages see it within 30 seconds."}
        </Said>
      )}
    </section>
  );
}

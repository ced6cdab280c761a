import type { DayEntry } from "../../lib/data/registry.ts";
import { useConsole } from "../context.ts";
import { REGISTRY_FILE } from "../store/registry-edits.ts";

/** The registry reference built with the pages (web/src/registry/), at the `scoreEntry` member. */
export const SCORE_ENTRY_REFERENCE = "../registry/#event-scoreEntry";

/**
 * Why no score can be saved for an event without a `scoreEntry` setting, and the edit that turns
 * it on: the file, the line where the event opens, the member to add, and the registry reference.
 */
export function ScoreEntryOff({ entry, id }: { entry: DayEntry; id?: string }) {
  const { line } = useConsole().registryEdits.eventAt(entry.eventKey).value;
  return (
    <div class="notice warn" id={id}>
      <p>
        Score entry is off for {entry.event.title ?? entry.eventKey}: the event has no <code>scoreEntry</code>{" "}
        setting in the registry, so no score can be saved, here or with a scorer link.
      </p>
      <p>
        To turn it on, add <code>"scoreEntry": "console",</code> (operators only) or{" "}
        <code>"scoreEntry": "links",</code> (scorer links too) inside the event{" "}
        <code>"{entry.eventKey}"</code> in <code>{REGISTRY_FILE}</code>
        {line !== undefined && (
          <>
            , which opens at <strong>line {line}</strong>
          </>
        )}{" "}
        (in the data repository; with <code>npm start</code>, under the data folder it printed), check it with{" "}
        <code>npm run validate-registry -- {REGISTRY_FILE}</code> and commit it: the console reads it within
        about a minute. Then the Score entry switch of Run the day moves it between the two.
      </p>
      <p>
        <a href={SCORE_ENTRY_REFERENCE} target="_blank" rel="noopener">
          The registry reference: scoreEntry
        </a>
      </p>
    </div>
  );
}

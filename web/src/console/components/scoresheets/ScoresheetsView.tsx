import { useSignal } from "@preact/signals";
import { LAYOUT_TYPES, type LayoutType } from "@tournament-ops/service/scoresheet-layouts";
import bestOfThree from "../../../../../docs/scoresheets/best-of-3.png";
import noReferee from "../../../../../docs/scoresheets/no-referee.png";
import noRefereeWide from "../../../../../docs/scoresheets/no-referee-wide.png";
import standard from "../../../../../docs/scoresheets/standard.png";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { useConsole } from "../../context.ts";
import {
  fileNameFor,
  matchCount,
  type PrintableFacility,
  printableFacilities,
  publishedMatches,
  type ScoresheetChoice,
} from "../../store/scoresheets.ts";
import { Problem } from "../Problem.tsx";
import { QrCodeNotice } from "./QrCodeNotice.tsx";

const LAYOUTS: Record<LayoutType, { name: string; hint: string; preview: string }> = {
  standard: { name: "Standard", hint: "One game, with referee, umpire and service judge", preview: standard },
  "no-referee": { name: "No referee", hint: "One game, signed by the team captains", preview: noReferee },
  "no-referee-wide": {
    name: "No referee, wide",
    hint: "One game on landscape paper, wider point boxes",
    preview: noRefereeWide,
  },
  "best-of-3": { name: "Best of 3", hint: "Three games per sheet", preview: bestOfThree },
};

const TITLE_MAX = 80;
const BLANKS_MAX = 200;

/** A facility as the print list shows it: marked when there is nothing to print there. */
function facilityOption({ name, matches, nothing }: PrintableFacility): string {
  if (nothing === "no workbook") return `${name} (nothing to print: no workbook)`;
  if (nothing === "no matches") return `${name} (nothing to print: no matches published)`;
  return matches > 0 ? `${name} (${matches} match${matches === 1 ? "" : "es"})` : name;
}

/** Scoresheets for the day: the matches, the layout from its preview, the title, blank sheets; then the PDF. */
export function ScoresheetsView({ entry }: { entry: DayEntry }) {
  const { day, scoresheets } = useConsole();
  const { feed } = day;
  const { cancelGeneration, generate, generation, pdf, progress, qrCodes } = scoresheets;
  const snapshot = feed.value?.snapshot;
  const choice = useSignal<ScoresheetChoice>({
    source: "published",
    facility: undefined,
    file: undefined,
    layout: "standard",
    title: `${entry.event.title ?? entry.eventKey} · ${entry.day.label}`.slice(0, TITLE_MAX),
    blanks: 0,
  });
  const set = (change: Partial<ScoresheetChoice>) => {
    choice.value = { ...choice.value, ...change };
  };
  const current = choice.value;
  const step = progress.value;
  const done = pdf.value;
  const halls = printableFacilities(entry, snapshot);
  const withWorkbook = halls.filter((hall) => hall.nothing !== "no workbook");
  // A hall chosen before it had nothing to print (a sync emptied it) is not printed from.
  const chosenHall = halls.find((hall) => hall.name === current.facility);
  const facility = chosenHall?.nothing === undefined ? current.facility : undefined;
  const count = snapshot === undefined ? 0 : matchCount(publishedMatches(snapshot, facility));
  const submit = (event: Event) => {
    event.preventDefault();
    const printed = current.source === "published" ? facility : undefined;
    void generate({ ...current, facility }, snapshot, fileNameFor(entry.dayKey, printed, current.layout));
  };
  return (
    <section class="panel" aria-labelledby="sheets-heading">
      <h2 id="sheets-heading">Scoresheets</h2>
      <form class="stack" onSubmit={submit}>
        <fieldset>
          <legend>Matches to print</legend>
          <div class="choice">
            <input
              type="radio"
              name="source"
              id="source-published"
              checked={current.source === "published"}
              onChange={() => set({ source: "published", facility: undefined })}
            />
            <label for="source-published">The day's published matches</label>
          </div>
          {current.source === "published" && (
            <div class="conditional">
              <label for="sheets-facility">Facility</label>
              <select
                id="sheets-facility"
                value={facility ?? ""}
                onChange={(e) => {
                  const value = (e.currentTarget as HTMLSelectElement).value;
                  set({ facility: value === "" ? undefined : value });
                }}
              >
                <option value="">Every facility</option>
                {halls.map((hall) => (
                  <option key={hall.name} value={hall.name} disabled={hall.nothing !== undefined}>
                    {facilityOption(hall)}
                  </option>
                ))}
              </select>
              <p class="hint" aria-live="polite">
                {snapshot === undefined
                  ? "This day has not been published yet: sync it first, or upload a CSV file."
                  : `${count} match${count === 1 ? "" : "es"} to print.`}
              </p>
            </div>
          )}
          <div class="choice">
            <input
              type="radio"
              name="source"
              id="source-upload"
              checked={current.source === "upload"}
              onChange={() => set({ source: "upload", facility: undefined })}
            />
            <label for="source-upload">A CSV file of matches</label>
          </div>
          {current.source === "upload" && (
            <div class="conditional">
              <label for="sheets-file">CSV file</label>
              <p class="hint" id="sheets-file-hint">
                Columns by header name: matchNumber (required), date, time, court, category, round, teamCode1,
                team1, teamCode2, team2, referee.
              </p>
              <input
                id="sheets-file"
                type="file"
                accept=".csv,text/csv"
                aria-describedby="sheets-file-hint"
                onChange={(e) => set({ file: (e.currentTarget as HTMLInputElement).files?.[0] })}
              />
              <label for="sheets-file-facility">Facility these matches are played in</label>
              <p class="hint" id="sheets-file-facility-hint">
                Each sheet's QR code names it. A file with a facility column (the day's merged CSV) says it
                itself; a hall's own CSV tab does not.
              </p>
              <select
                id="sheets-file-facility"
                aria-describedby="sheets-file-facility-hint"
                value={current.facility ?? ""}
                onChange={(e) => {
                  const value = (e.currentTarget as HTMLSelectElement).value;
                  set({ facility: value === "" ? undefined : value });
                }}
              >
                <option value="">As the file says (its facility column)</option>
                {withWorkbook.map((hall) => (
                  <option key={hall.name} value={hall.name}>
                    {hall.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend>Layout</legend>
          <div class="layouts">
            {LAYOUT_TYPES.map((layout) => (
              <div class="layout" key={layout}>
                <input
                  type="radio"
                  name="layout"
                  id={`layout-${layout}`}
                  checked={current.layout === layout}
                  onChange={() => set({ layout })}
                  aria-describedby={`layout-${layout}-hint`}
                />
                <label for={`layout-${layout}`}>
                  <img src={LAYOUTS[layout].preview} alt="" loading="lazy" />
                  <span class="layout-name">{LAYOUTS[layout].name}</span>
                  <span class="hint" id={`layout-${layout}-hint`}>
                    {LAYOUTS[layout].hint}
                  </span>
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <label for="sheets-title">Title printed on every sheet</label>
        <input
          id="sheets-title"
          maxLength={TITLE_MAX}
          value={current.title}
          onInput={(e) => set({ title: (e.currentTarget as HTMLInputElement).value })}
        />
        <label for="sheets-blanks">Blank sheets after the matches</label>
        <input
          id="sheets-blanks"
          class="short"
          type="number"
          inputMode="numeric"
          min={0}
          max={BLANKS_MAX}
          value={current.blanks}
          onInput={(e) => {
            const value = Number((e.currentTarget as HTMLInputElement).value);
            set({ blanks: Number.isInteger(value) ? Math.min(BLANKS_MAX, Math.max(0, value)) : 0 });
          }}
        />
        <QrCodeNotice qr={qrCodes.value} />
        <div class="actions">
          <button type="submit" class="primary" disabled={generation.busy.value}>
            {generation.busy.value ? "Making the scoresheets…" : "Make the scoresheets"}
          </button>
          {generation.busy.value && (
            <button type="button" onClick={cancelGeneration}>
              Stop
            </button>
          )}
        </div>
      </form>
      {(generation.busy.value || step !== undefined) && (
        <div class="progress">
          <label for="sheets-progress">Scoresheets made</label>
          <progress id="sheets-progress" max={step?.total || 1} value={step?.done ?? 0} />
          <p class="figures" aria-live="polite">
            {step === undefined
              ? "Sending the matches…"
              : `${step.done} of ${step.total} sheets (${step.total === 0 ? 0 : Math.round((step.done / step.total) * 100)} %)`}
          </p>
        </div>
      )}
      <Problem text={generation.problem.value} />
      {done && (
        <div class="notice" role="status">
          Done: {done.pages} page{done.pages === 1 ? "" : "s"}. The PDF is downloading; if it does not,{" "}
          <a href={done.url} download={done.fileName}>
            download {done.fileName}
          </a>
          .
        </div>
      )}
    </section>
  );
}

import type { SyncReport as Report } from "../../../lib/api/types.ts";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { manilaWhen } from "../../../lib/manila-time.ts";
import { useConsole } from "../../context.ts";
import { Problem } from "../Problem.tsx";

/** Sync the day or one facility, each facility's state in the published day, and the last report. */
export function SyncPanel({ entry }: { entry: DayEntry }) {
  const { app, day } = useConsole();
  const { now } = app;
  const { feed, sync, syncDay, syncing } = day;
  const snapshot = feed.value?.snapshot;
  const running = syncing.value;
  const label = (facility: string | undefined) => (facility === undefined ? "the whole day" : facility);
  return (
    <section class="panel" aria-labelledby="sync-heading">
      <h2 id="sync-heading">Sync</h2>
      <p>Read the facilities' workbooks and publish the day to spectators.</p>
      <button
        type="button"
        class="primary"
        disabled={running !== undefined}
        onClick={() => void syncDay(entry)}
      >
        {running?.facility === undefined && running !== undefined
          ? "Syncing the whole day…"
          : "Sync the whole day"}
      </button>
      <ul class="facilities">
        {entry.day.facilities.map((facility) => {
          const published = snapshot?.facilities.find((f) => f.name === facility.name);
          return (
            <li key={facility.name}>
              <div>
                <strong>{facility.name}</strong>
                <span class="muted">
                  {!facility.sheetId
                    ? "No workbook: skipped by sync"
                    : published?.fetchedAt
                      ? `${published.status === "stale" ? "Could not be read lately; last read" : "Read"} ${manilaWhen(published.fetchedAt, now.value)}`
                      : "Not synced yet"}
                </span>
              </div>
              {facility.sheetId && (
                <button
                  type="button"
                  disabled={running !== undefined}
                  onClick={() => void syncDay(entry, facility.name)}
                >
                  {running?.facility === facility.name
                    ? `Syncing ${facility.name}…`
                    : `Sync ${facility.name}`}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div aria-live="polite">{running !== undefined && <p>Syncing {label(running.facility)}…</p>}</div>
      <Problem text={sync.problem.value} />
      {sync.result.value && <SyncReport report={sync.result.value} />}
    </section>
  );
}

const ARCHIVE: Record<Report["archive"]["status"], string> = {
  committed: "Published: the day's file was written to the data repository",
  carried: "Published: a sync that ran at the same moment wrote the file with this one's data",
  unchanged: "Nothing changed since the last publication, so nothing was written",
};

/** A sync's report, per facility, then where the day was published. */
export function SyncReport({ report }: { report: Report }) {
  const seconds = (report.durationMs / 1000).toFixed(1);
  return (
    <div class="report" role="status">
      <h3>
        Sync of {report.facility ?? "the whole day"} done in {seconds} s
      </h3>
      <table>
        <caption class="visually-hidden">Each facility's result</caption>
        <thead>
          <tr>
            <th scope="col">Facility</th>
            <th scope="col">Result</th>
            <th scope="col" class="number">
              Matches
            </th>
          </tr>
        </thead>
        <tbody>
          {report.facilities.map((facility) => (
            <tr key={facility.name}>
              <th scope="row">{facility.name}</th>
              <td class={facility.status === "stale" ? "warn-text" : undefined}>
                {facility.status === "ok" && "Read"}
                {facility.status === "skipped" && "Skipped: no workbook"}
                {facility.status === "stale" &&
                  `Not read: ${facility.error ?? "unknown error"}. Its last results stay published.`}
              </td>
              <td class="number figures">{facility.matches}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul class="outcomes">
        <li>
          {ARCHIVE[report.archive.status]} (revision <code>{report.archive.revision.slice(0, 7)}</code>).
        </li>
        <li>
          {report.live.pushed
            ? `Pushed live to ${report.live.clients ?? 0} open page${report.live.clients === 1 ? "" : "s"}.`
            : report.repositoryOnly
              ? `Not pushed live: ${report.repositoryOnly}. Pages read the published file.`
              : `Not pushed live${report.live.error ? `: ${report.live.error}` : ""}. Pages read the published file.`}
        </li>
      </ul>
    </div>
  );
}

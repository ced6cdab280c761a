import { manilaWhen } from "../../../lib/manila-time.ts";
import { useConsole } from "../../context.ts";
import { livePushLine } from "../../store/live-push-line.ts";
import { Problem } from "../Problem.tsx";
import { PreflightChecks } from "./PreflightChecks.tsx";

/**
 * Which registry the service runs on, whether it fell back to its bundled one, and live push; and
 * the preflight, which checks the whole production setup on demand.
 */
export function DiagnosticsPanel() {
  const { app, day } = useConsole();
  const { now } = app;
  const { diagnostics, readDiagnostics, preflight, runPreflight } = day;
  const report = diagnostics.result.value;
  const live = report && livePushLine(report, day.feed.value?.source);
  return (
    <section class="panel" aria-labelledby="diagnostics-heading">
      <h2 id="diagnostics-heading">Diagnostics</h2>
      {report && (
        <dl class="facts">
          <dt>Tournament settings</dt>
          <dd class={report.registry.fellBack ? "warn-text" : undefined}>
            {report.registry.fellBack
              ? "The service runs on its own bundled copy: the settings file in the data repository is missing or has a mistake (below). Fix the file; the service takes it within about a minute."
              : report.registry.source === "repository"
                ? "From the settings file in the data repository."
                : "The service's own bundled copy."}{" "}
            Read {manilaWhen(report.registry.loadedAt, now.value)}; version{" "}
            <code>{report.registry.revision.slice(0, 7)}</code>.
          </dd>
          <dt>Last problem with the file</dt>
          <dd class={report.registry.lastError ? "warn-text" : undefined}>
            {report.registry.lastError ?? "None"}
          </dd>
          <dt>Live push</dt>
          <dd class={live?.down ? "warn-text" : undefined}>
            {live?.text}
            {live?.fix && (
              <>
                {" "}
                <strong>Fix:</strong> {live.fix}
              </>
            )}
          </dd>
        </dl>
      )}
      <button type="button" disabled={diagnostics.busy.value} onClick={() => void readDiagnostics()}>
        {diagnostics.busy.value ? "Reading…" : "Read the diagnostics again"}
      </button>
      <Problem text={diagnostics.problem.value} />
      <h3 id="preflight-heading">The whole setup</h3>
      <p class="hint">
        Checks the data repository and its token, the registry, every coming day's workbooks, the live relay
        and the pages' settings, and says how to fix what fails. It changes nothing. Run it the evening
        before.
      </p>
      <button type="button" disabled={preflight.busy.value} onClick={() => void runPreflight()}>
        {preflight.busy.value ? "Checking…" : "Check the whole setup"}
      </button>
      {preflight.result.value && <PreflightChecks report={preflight.result.value} />}
      <Problem text={preflight.problem.value} />
    </section>
  );
}

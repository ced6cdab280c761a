import { manilaWhen } from "../../../lib/manila-time.ts";
import { useConsole } from "../../context.ts";
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
  return (
    <section class="panel" aria-labelledby="diagnostics-heading">
      <h2 id="diagnostics-heading">Diagnostics</h2>
      {report && (
        <dl class="facts">
          <dt>Registry revision</dt>
          <dd>
            <code>{report.registry.revision.slice(0, 7)}</code>, loaded{" "}
            {manilaWhen(report.registry.loadedAt, now.value)}
          </dd>
          <dt>Registry source</dt>
          <dd>
            {report.registry.source === "repository"
              ? "The data repository"
              : "The service's bundled registry"}
          </dd>
          <dt>Fell back</dt>
          <dd class={report.registry.fellBack ? "warn-text" : undefined}>
            {report.registry.fellBack
              ? "Yes: the registry in the data repository is missing or failed validation, so the service runs on its bundled one. Fix the file."
              : "No"}
          </dd>
          <dt>Last error</dt>
          <dd class={report.registry.lastError ? "warn-text" : undefined}>
            {report.registry.lastError ?? "None"}
          </dd>
          <dt>Live push</dt>
          <dd>
            {report.live.enabled ? "On" : "Off"}
            {report.live.baseUrl ? `, relay ${report.live.baseUrl}` : ", no relay configured"}
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

import type { ScoresheetProgress } from "../../../lib/api/scoresheets.ts";

/** How far the service has rendered: sheets made out of all of them, said politely as it goes. */
export function SheetsProgress({ step }: { step: ScoresheetProgress | undefined }) {
  return (
    <div class="progress">
      <label for="sheets-progress">Scoresheets made</label>
      <progress id="sheets-progress" max={step?.total || 1} value={step?.done ?? 0} />
      <p class="figures" aria-live="polite">
        {step === undefined
          ? "Sending the matches…"
          : `${step.done} of ${step.total} sheets (${step.total === 0 ? 0 : Math.round((step.done / step.total) * 100)} %)`}
      </p>
    </div>
  );
}

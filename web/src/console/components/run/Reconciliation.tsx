import { useSignal } from "@preact/signals";
import type { DayEntry } from "../../../lib/data/registry.ts";
import { useConsole } from "../../context.ts";
import { Problem } from "../Problem.tsx";

/** Brings the attendance lists (`ATTENDANCE` tabs) up to date with the rosters now, with what changed. */
export function Reconciliation({ entry }: { entry: DayEntry }) {
  const { reconcile, reconciliation } = useConsole().day;
  const facility = useSignal("");
  const report = reconciliation.result.value;
  const submit = (event: Event) => {
    event.preventDefault();
    void reconcile(entry, facility.value === "" ? undefined : facility.value);
  };
  return (
    <section class="panel" aria-labelledby="reconcile-heading">
      <h2 id="reconcile-heading">Attendance lists</h2>
      <p>
        Each sync keeps the attendance lists in step with the rosters. After a change to a roster, bring them
        up to date now: new people are added, people no longer on the roster are marked withdrawn, and
        nobody's check-in is lost.
      </p>
      <form class="inline-form" onSubmit={submit}>
        <label for="reconcile-facility">Facility</label>
        <select
          id="reconcile-facility"
          value={facility.value}
          onChange={(e) => {
            facility.value = (e.currentTarget as HTMLSelectElement).value;
          }}
        >
          <option value="">Every facility</option>
          {entry.day.facilities.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={reconciliation.busy.value}>
          {reconciliation.busy.value ? "Updating…" : "Update the attendance lists"}
        </button>
      </form>
      <Problem text={reconciliation.problem.value} />
      {report && (
        <div class="report" role="status">
          <h3>Attendance lists updated</h3>
          <table>
            <thead>
              <tr>
                <th scope="col">Facility</th>
                <th scope="col" class="number">
                  Added
                </th>
                <th scope="col" class="number">
                  Updated
                </th>
                <th scope="col" class="number">
                  Withdrawn
                </th>
              </tr>
            </thead>
            <tbody>
              {report.facilities.map((f) => (
                <tr key={f.name}>
                  <th scope="row">
                    {f.name}
                    {f.skipped ? " (no workbook: skipped)" : f.created ? " (list created)" : ""}
                  </th>
                  <td class="number figures">{f.added}</td>
                  <td class="number figures">{f.updated}</td>
                  <td class="number figures">{f.withdrawn}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { useDesk } from "../context.ts";
import { DayHeading } from "./DayHeading.tsx";

/** The first screen when the link does not say where the desk is: one big button per facility. */
export function FacilityChoice() {
  const { chooseFacility, facilities } = useDesk();
  const choices = facilities.value;
  return (
    <>
      <DayHeading title="Which hall is this desk at?" />
      {choices.length === 0 ? (
        <p class="notice">This day has no halls with a workbook yet, so there is no one to check in.</p>
      ) : (
        <ul class="choices">
          {choices.map((f) => (
            <li key={f.name}>
              <button type="button" onClick={() => chooseFacility(f.name)}>
                {f.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import { useDesk } from "../context.ts";
import { FILTERS } from "../filters.ts";
import { PersonRow } from "./PersonRow.tsx";

/** The people in view, in sheet order, or why there is no one. */
export function PeopleList() {
  const { filter, people, search, visiblePeople } = useDesk();
  const all = people.value;
  if (all === undefined) return <p aria-busy="true">Reading the list…</p>;
  if (all.length === 0) {
    return (
      <p class="notice">
        No one is on this hall’s list yet. The list fills from the workbook’s roster when the control desk
        syncs the day.
      </p>
    );
  }
  const rows = visiblePeople.value;
  if (rows.length === 0) {
    const shown = FILTERS.find((f) => f.id === filter.value)?.label ?? "";
    return (
      <p class="notice">
        No one {search.value.trim() === "" ? "" : `matching “${search.value.trim()}” `}under “{shown}”.
      </p>
    );
  }
  return (
    <ul class="people" aria-label="People">
      {rows.map((person) => (
        <PersonRow key={person.key} person={person} />
      ))}
    </ul>
  );
}

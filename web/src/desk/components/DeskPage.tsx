import { useEffect } from "preact/hooks";
import { useDesk } from "../context.ts";
import { DayHeading } from "./DayHeading.tsx";
import { ListStatus } from "./ListStatus.tsx";
import { MarkNotices } from "./MarkNotices.tsx";
import { PeopleList } from "./PeopleList.tsx";
import { SearchAndFilters } from "./SearchAndFilters.tsx";

/** One facility's check-in: where the list comes from, the marks' news, search, filters, the people. */
export function DeskPage() {
  const { chooseFacility, facilities, facility, linkRefused, linkStopped } = useDesk();
  const name = facility.value ?? "";
  useEffect(() => {
    document.title = `${name} · Check-in desk`;
  }, [name]);
  return (
    <>
      <DayHeading title={name} />
      {facilities.value.length > 1 && (
        <button type="button" class="change-hall" onClick={() => chooseFacility(undefined)}>
          Change hall
        </button>
      )}
      {linkStopped.value && (
        <div class="notice error link-stopped" role="alert">
          <h2>{linkRefused.value?.revoked ? "This link was revoked" : "This link no longer works"}</h2>
          <p>{linkStopped.value}</p>
        </div>
      )}
      <ListStatus />
      <MarkNotices />
      <SearchAndFilters />
      <PeopleList />
    </>
  );
}

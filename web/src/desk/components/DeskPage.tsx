import { useEffect } from "preact/hooks";
import { useDesk } from "../context.ts";
import { expiredSentence } from "../store.ts";
import { DayHeading } from "./DayHeading.tsx";
import { ListStatus } from "./ListStatus.tsx";
import { MarkNotices } from "./MarkNotices.tsx";
import { PeopleList } from "./PeopleList.tsx";
import { SearchAndFilters } from "./SearchAndFilters.tsx";

/** One facility's check-in: where the list comes from, the marks' news, search, filters, the people. */
export function DeskPage() {
  const { chooseFacility, expired, facilities, facility, link } = useDesk();
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
      {expired.value && link.value && (
        <p class="notice error" role="alert">
          {expiredSentence(link.value)}
        </p>
      )}
      <ListStatus />
      <MarkNotices />
      <SearchAndFilters />
      <PeopleList />
    </>
  );
}

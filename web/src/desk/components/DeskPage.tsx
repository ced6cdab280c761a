import { useEffect, useRef } from "preact/hooks";
import { useDesk } from "../context.ts";
import { CalledList } from "./CalledList.tsx";
import { DayHeading } from "./DayHeading.tsx";
import { ListStatus } from "./ListStatus.tsx";
import { MarkNotices } from "./MarkNotices.tsx";
import { PeopleList } from "./PeopleList.tsx";
import { SearchAndFilters } from "./SearchAndFilters.tsx";

/** One facility's check-in: where the list comes from, the marks' news, search, filters, the people. */
export function DeskPage() {
  const { chooseFacility, facilities, facility, linkRefused, linkStopped } = useDesk();
  const name = facility.value ?? "";
  const stoppedBox = useRef<HTMLDivElement>(null);
  const stopped = linkStopped.value;
  // The link stops working under a tap far down the list: the reason comes into view at once.
  useEffect(() => {
    if (stopped !== undefined) stoppedBox.current?.focus();
  }, [stopped]);
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
      {stopped && (
        <div class="notice error link-stopped" role="alert" tabIndex={-1} ref={stoppedBox}>
          <h2>{linkRefused.value?.revoked ? "This link was revoked" : "This link no longer works"}</h2>
          <p>{stopped}</p>
        </div>
      )}
      <ListStatus />
      <MarkNotices />
      <CalledList />
      <SearchAndFilters />
      <PeopleList />
    </>
  );
}

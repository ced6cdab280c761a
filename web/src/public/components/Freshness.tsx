import type { FacilitySnapshot } from "../../lib/data/snapshot.ts";
import { dayLabel, manilaDate, manilaTime } from "../../lib/manila-time.ts";
import { now } from "../store.ts";

/** When this facility's results were read, and a warning when they may be old (`stale`) or there are none. */
export function Freshness({ facility }: { facility: FacilitySnapshot }) {
  if (facility.status === "skipped") {
    return <p class="notice">{facility.name} does not publish results.</p>;
  }
  const read = facility.fetchedAt === null ? undefined : readAt(facility.fetchedAt);
  if (facility.status === "stale") {
    return (
      <p class="notice warn">
        {read === undefined
          ? `${facility.name}'s results have not been read yet.`
          : `${facility.name}'s results may be out of date: its sheet could not be read lately. Last read ${read}.`}
      </p>
    );
  }
  return <p class="freshness figures">{read === undefined ? "" : `Results read ${read}`}</p>;
}

/** `at 09:42` today (Manila), else `on Sat 28 Nov at 09:42`. */
function readAt(iso: string): string {
  const instant = Date.parse(iso);
  const date = manilaDate(instant);
  return date === manilaDate(now.value)
    ? `at ${manilaTime(instant)}`
    : `on ${dayLabel(date, "short")} at ${manilaTime(instant)}`;
}

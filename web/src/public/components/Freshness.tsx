import type { FacilitySnapshot } from "../../lib/data/snapshot.ts";
import { manilaWhen } from "../../lib/manila-time.ts";
import { usePublic } from "../context.ts";

/** When this facility's results were read, and a warning when they may be old (`stale`) or there are none. */
export function Freshness({ facility }: { facility: FacilitySnapshot }) {
  const { now } = usePublic();
  if (facility.status === "skipped") {
    return <p class="notice">{facility.name} does not publish results.</p>;
  }
  const read = facility.fetchedAt === null ? undefined : manilaWhen(facility.fetchedAt, now.value);
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

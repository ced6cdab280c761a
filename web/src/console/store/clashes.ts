/**
 * The clash warnings of the chosen day (`lib/data/clashes.ts`), from the snapshot the console
 * follows and the attendance lists it reads: players in two matches at once, and players due on
 * court who are not checked in.
 */
import { computed, type ReadonlySignal } from "@preact/signals";
import { type AbsentPlayers, absentPlayers, type Clash, clashes } from "../../lib/data/clashes.ts";
import type { AttendanceStore } from "./attendance.ts";
import type { DayStore } from "./day.ts";

export interface ClashWarnings {
  /** Players in two matches at once; none before the day's snapshot is known. */
  clashes: ReadonlySignal<Clash[]>;
  /** Players of matches without a result who are not checked in, by the lists read so far. */
  absent: ReadonlySignal<AbsentPlayers[]>;
}

export function clashWarnings(
  day: Pick<DayStore, "feed">,
  attendance: Pick<AttendanceStore, "people">,
): ClashWarnings {
  const snapshot = () => day.feed.value?.snapshot;
  return {
    clashes: computed(() => {
      const known = snapshot();
      return known === undefined ? [] : clashes(known);
    }),
    absent: computed(() => {
      const known = snapshot();
      return known === undefined ? [] : absentPlayers(known, attendance.people.value);
    }),
  };
}

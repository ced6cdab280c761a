/**
 * The chosen day's attendance lists, for the clash warnings: each facility's list read as the
 * spec's client rules say (`lib/attendance/list-reads.ts`: on open, back into view, the nudge
 * socket reopened and the operator's refresh, each followed by one more read 11 s later; a nudge
 * re-reads its facility at most once per 2 s; nothing polls), the nudges followed as the desk page
 * follows them (`lib/live/attendance-nudges.ts`).
 */
import { computed, signal } from "@preact/signals";
import type { Person } from "../../lib/api/types.ts";
import { type ListReads, planListReads, type ReadReason } from "../../lib/attendance/list-reads.ts";
import type { DayEntry } from "../../lib/data/registry.ts";
import { followNudges } from "../../lib/live/attendance-nudges.ts";
import { config } from "./app.ts";
import { api, operatorCall } from "./session.ts";

/** Each facility's list, by name; a facility whose list could not be read is absent. */
export const people = signal<ReadonlyMap<string, readonly Person[]>>(new Map());
/** Facilities whose list could not be read, with the sentence why. */
export const peopleProblems = signal<ReadonlyMap<string, string>>(new Map());
/** How many lists are being read now. */
const reading = signal(0);
export const readingPeople = computed(() => reading.value > 0);

let watching: { day: string; reads: Map<string, ListReads>; stop(): void } | undefined;

/** Starts reading a day's lists (when its event takes attendance); again for the same day does nothing. */
export function watchAttendance(entry: DayEntry): void {
  if (watching?.day === entry.dayKey) return;
  stopAttendance();
  if (entry.event.attendance === undefined || config.value === undefined) return;
  const reads = new Map(
    entry.day.facilities
      .filter((f) => f.sheetId)
      .map((f) => [f.name, planListReads(() => void readPeople(entry.dayKey, f.name))] as const),
  );
  const requestAll = (reason: ReadReason) => {
    for (const planned of reads.values()) planned.request(reason);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") requestAll("visible");
  };
  const socket = followNudges({
    liveUrl: config.value.liveUrl,
    event: entry.eventKey,
    day: entry.dayKey,
    onNudge: (facility) => reads.get(facility)?.request("nudge"),
    onReopen: () => requestAll("socket-reopened"),
  });
  document.addEventListener("visibilitychange", onVisible);
  watching = {
    day: entry.dayKey,
    reads,
    stop() {
      socket.close();
      for (const planned of reads.values()) planned.stop();
      document.removeEventListener("visibilitychange", onVisible);
    },
  };
  requestAll("open");
}

export function stopAttendance(): void {
  watching?.stop();
  watching = undefined;
  people.value = new Map();
  peopleProblems.value = new Map();
}

/** The operator's refresh: every list now, and once more 11 s later. */
export function refreshAttendance(): void {
  for (const planned of watching?.reads.values() ?? []) planned.request("refresh");
}

async function readPeople(day: string, facility: string): Promise<void> {
  reading.value++;
  try {
    const list = await operatorCall(
      api().GET("/v3/days/{day}/facilities/{facility}/people", { params: { path: { day, facility } } }),
    ).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    if (watching?.day !== day) return;
    const lists = new Map(people.value);
    const problems = new Map(peopleProblems.value);
    if (list.ok) {
      lists.set(facility, list.value);
      problems.delete(facility);
    } else {
      problems.set(facility, list.error instanceof Error ? list.error.message : String(list.error));
    }
    people.value = lists;
    peopleProblems.value = problems;
  } finally {
    reading.value--;
  }
}

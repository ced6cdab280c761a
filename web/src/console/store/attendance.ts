/**
 * The chosen day's attendance lists, for the clash warnings: read when the warnings open, when the
 * page comes back into view, when the nudge socket reopens and on the operator's refresh, each
 * followed by one more read 11 s later; a nudge re-reads its facility, at most once per 2 s.
 * Nothing polls (the spec's client behaviour).
 */
import { signal } from "@preact/signals";
import type { Person } from "../../lib/api/types.ts";
import type { DayEntry } from "../../lib/data/registry.ts";
import { followAttendanceNudges } from "../../lib/live/attendance-nudges.ts";
import { config } from "./app.ts";
import { api, operatorCall } from "./session.ts";

export const FOLLOW_UP_MS = 11_000;
export const NUDGE_SPACING_MS = 2_000;

/** Each facility's list, by name; a facility whose list could not be read is absent. */
export const people = signal<ReadonlyMap<string, readonly Person[]>>(new Map());
/** Facilities whose list could not be read, with the sentence why. */
export const peopleProblems = signal<ReadonlyMap<string, string>>(new Map());
export const readingPeople = signal(false);

let watching: { day: string; stop(): void } | undefined;

/** Starts reading a day's lists (when its event takes attendance); again for the same day does nothing. */
export function watchAttendance(entry: DayEntry): void {
  if (watching?.day === entry.dayKey) return;
  stopAttendance();
  if (entry.event.attendance === undefined || config.value === undefined) return;
  const facilities = entry.day.facilities.filter((f) => f.sheetId).map((f) => f.name);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const lastNudge = new Map<string, number>();
  const waiting = new Set<string>();
  const later = (work: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };
  const readAll = (followUp: boolean) => {
    void readPeople(entry, facilities);
    if (followUp) later(() => void readPeople(entry, facilities), FOLLOW_UP_MS);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") readAll(true);
  };
  const socket = followAttendanceNudges(config.value.liveUrl, entry.eventKey, entry.dayKey, {
    nudge: (facility) => {
      if (!facilities.includes(facility) || waiting.has(facility)) return;
      const wait = Math.max(
        0,
        (lastNudge.get(facility) ?? Number.NEGATIVE_INFINITY) + NUDGE_SPACING_MS - Date.now(),
      );
      waiting.add(facility);
      later(() => {
        waiting.delete(facility);
        lastNudge.set(facility, Date.now());
        void readPeople(entry, [facility]);
      }, wait);
    },
    reopened: () => readAll(true),
  });
  document.addEventListener("visibilitychange", onVisible);
  watching = {
    day: entry.dayKey,
    stop() {
      socket.close();
      for (const timer of timers) clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    },
  };
  readAll(true);
}

export function stopAttendance(): void {
  watching?.stop();
  watching = undefined;
  people.value = new Map();
  peopleProblems.value = new Map();
}

/** The operator's refresh: every list now, and once more 11 s later. */
export function refreshAttendance(entry: DayEntry): void {
  const facilities = entry.day.facilities.filter((f) => f.sheetId).map((f) => f.name);
  void readPeople(entry, facilities);
  setTimeout(() => {
    if (watching?.day === entry.dayKey) void readPeople(entry, facilities);
  }, FOLLOW_UP_MS);
}

async function readPeople(entry: DayEntry, facilities: readonly string[]): Promise<void> {
  readingPeople.value = true;
  try {
    const answers = await Promise.allSettled(
      facilities.map((facility) =>
        operatorCall(
          api().GET("/v3/days/{day}/facilities/{facility}/people", {
            params: { path: { day: entry.dayKey, facility } },
          }),
        ),
      ),
    );
    if (watching?.day !== entry.dayKey) return;
    const lists = new Map(people.value);
    const problems = new Map(peopleProblems.value);
    answers.forEach((answer, i) => {
      const facility = facilities[i] as string;
      if (answer.status === "fulfilled") {
        lists.set(facility, answer.value);
        problems.delete(facility);
      } else {
        problems.set(
          facility,
          answer.reason instanceof Error ? answer.reason.message : String(answer.reason),
        );
      }
    });
    people.value = lists;
    peopleProblems.value = problems;
  } finally {
    readingPeople.value = false;
  }
}

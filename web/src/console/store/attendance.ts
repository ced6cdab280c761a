/**
 * The chosen day's attendance lists, for the clash warnings: each facility's list read as the
 * spec's client rules say (`lib/attendance/list-reads.ts`: on open, back into view, the nudge
 * socket reopened and the operator's refresh, each followed by one more read 11 s later; a nudge
 * re-reads its facility at most once per 2 s; nothing polls), the nudges followed as the desk page
 * follows them (`lib/live/attendance-nudges.ts`).
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import type { Person } from "../../lib/api/types.ts";
import { type ListReads, planListReads, type ReadReason } from "../../lib/attendance/list-reads.ts";
import type { DayEntry } from "../../lib/data/registry.ts";
import type { PageEnvironment } from "../../lib/environment.ts";
import { followNudges } from "../../lib/live/attendance-nudges.ts";
import type { ConsoleApp } from "./app.ts";
import type { SessionStore } from "./session.ts";

export interface AttendanceStore {
  /** Each facility's list, by name; a facility whose list could not be read is absent. */
  people: Signal<ReadonlyMap<string, readonly Person[]>>;
  /** Facilities whose list could not be read, with the sentence why. */
  peopleProblems: Signal<ReadonlyMap<string, string>>;
  readingPeople: ReadonlySignal<boolean>;
  /** Starts reading a day's lists (when its event takes attendance); again for the same day does nothing. */
  watchAttendance(entry: DayEntry): void;
  stopAttendance(): void;
  /** The operator's refresh: every list now, and once more 11 s later. */
  refreshAttendance(): void;
}

export function createAttendanceStore(
  env: PageEnvironment,
  app: ConsoleApp,
  { api, operatorCall }: SessionStore,
): AttendanceStore {
  const people = signal<ReadonlyMap<string, readonly Person[]>>(new Map());
  const peopleProblems = signal<ReadonlyMap<string, string>>(new Map());
  /** How many lists are being read now. */
  const reading = signal(0);
  let watching: { day: string; reads: Map<string, ListReads>; stop(): void } | undefined;

  const readPeople = async (day: string, facility: string) => {
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
  };
  const stopAttendance = () => {
    watching?.stop();
    watching = undefined;
    people.value = new Map();
    peopleProblems.value = new Map();
  };

  return {
    people,
    peopleProblems,
    readingPeople: computed(() => reading.value > 0),
    watchAttendance(entry) {
      if (watching?.day === entry.dayKey) return;
      stopAttendance();
      const settings = app.config.value;
      if (entry.event.attendance === undefined || settings === undefined) return;
      const reads = new Map(
        entry.day.facilities
          .filter((f) => f.sheetId)
          .map(
            (f) => [f.name, planListReads(() => void readPeople(entry.dayKey, f.name), env.clock)] as const,
          ),
      );
      const requestAll = (reason: ReadReason) => {
        for (const planned of reads.values()) planned.request(reason);
      };
      const socket = followNudges({
        env,
        liveUrl: settings.liveUrl,
        event: entry.eventKey,
        day: entry.dayKey,
        onNudge: (facility) => reads.get(facility)?.request("nudge"),
        onReopen: () => requestAll("socket-reopened"),
      });
      const stopVisible = env.connection.onVisible(() => requestAll("visible"));
      watching = {
        day: entry.dayKey,
        reads,
        stop() {
          socket.close();
          for (const planned of reads.values()) planned.stop();
          stopVisible();
        },
      };
      requestAll("open");
    },
    stopAttendance,
    refreshAttendance() {
      for (const planned of watching?.reads.values() ?? []) planned.request("refresh");
    },
  };
}

/**
 * The shown facility's attendance list and the desk's marks, in signals. Reads follow the spec's
 * client rules (lib/attendance/list-reads.ts): on open, back into view, the nudge socket reopening
 * and the refresh button, each followed by one more read 11 s later; a nudge for this facility at
 * most once per 2 s; nothing polls. Marks go through the phone's mark queue
 * (lib/attendance/pending-marks.ts): the row changes at once, and rolls back if the service refuses.
 */
import { type Signal, signal } from "@preact/signals";
import { type Api, ApiError, call } from "../lib/api/client.ts";
import { forgetList, keepList, keptList } from "../lib/attendance/kept-list.ts";
import { type ListReads, planListReads } from "../lib/attendance/list-reads.ts";
import type { MarkQueue, PendingMark } from "../lib/attendance/pending-marks.ts";
import type { Person } from "../lib/attendance/person.ts";
import type { DayEntry } from "../lib/data/registry.ts";
import type { PageEnvironment } from "../lib/environment.ts";
import { deskMarkQueue, REQUEST_TIMEOUT_MS, watchDesk } from "./desk-wiring.ts";

/** The service refused the desk link: revoked by the control desk, or not (any more) valid here. */
export interface LinkRefusal {
  revoked: boolean;
  status: 401 | 403;
  /** The service's refusal, as a sentence. */
  text: string;
}

export interface DeskOptions {
  api: Api;
  liveUrl: URL;
  entry: DayEntry;
  /** The link's token hash (lib/attendance/kept-list.ts `linkHash`) and expiry: the kept list is tied to them. */
  link: { hash: string | undefined; expiresAt: number };
  /** Why nothing may be sent now (the link expired), as a sentence. */
  blocked(): string | undefined;
}

export interface PeopleStore {
  /** The list as last read; undefined until the first read of the shown facility answers. */
  people: Signal<Person[] | undefined>;
  /** When the list was last read (epoch ms). */
  readAt: Signal<number | undefined>;
  reading: Signal<boolean>;
  /** Why the last read failed, for people; cleared by the next good read. */
  readProblem: Signal<string | undefined>;
  /** The nudge socket is open: other desks' marks show by themselves. */
  live: Signal<boolean>;
  online: Signal<boolean>;
  /** Marks not yet answered by the service, oldest first. */
  pendingMarks: Signal<readonly PendingMark[]>;
  /** Why the marks are held: the link no longer works. */
  heldBecause: Signal<string | undefined>;
  /** The service refused the link (a read or a mark answered 401 or 403): nothing more is sent. */
  linkRefused: Signal<LinkRefusal | undefined>;
  /** Marks the service refused, as sentences (the newest last). */
  refusals: Signal<string[]>;
  /** Starts the desk's day: its nudge socket, its marks, and the events that read again or send. */
  openDesk(options: DeskOptions): void;
  /** Shows a facility's list (undefined: none, while the desk chooses), read at once. */
  showFacility(facility: string | undefined): void;
  /** The refresh button: reads now (and once more 11 s later), and sends what waits. */
  refresh(): void;
  /** One tap: marks the person present or not, at once on screen, sent when it can be. */
  mark(person: Person, present: boolean): void;
  /** Forgets the marks the link could not send. */
  discardHeldMarks(): void;
  dismissRefusals(): void;
}

export function createPeopleStore(env: PageEnvironment): PeopleStore {
  const { clock, connection } = env;
  const people = signal<Person[] | undefined>(undefined);
  const readAt = signal<number | undefined>(undefined);
  const reading = signal(false);
  const readProblem = signal<string | undefined>(undefined);
  const live = signal(false);
  const online = signal(connection.online());
  const pendingMarks = signal<readonly PendingMark[]>([]);
  const heldBecause = signal<string | undefined>(undefined);
  const linkRefused = signal<LinkRefusal | undefined>(undefined);
  const refusals = signal<string[]>([]);

  let desk: DeskOptions | undefined;
  let shown: string | undefined;
  let reads: ListReads | undefined;
  let queue: MarkQueue | undefined;
  let readCount = 0;
  let appliedRead = 0;
  /** Answers to marks, so a list read that started before a mark's answer cannot undo it on screen. */
  let answers = new Map<string, { person: Person; at: number }>();

  /**
   * A 401 or 403 means the link no longer works here: no more reads, the kept list is forgotten,
   * and the list on screen cleared.
   */
  const noteRefusal = (error: unknown) => {
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
    linkRefused.value = {
      revoked: error.problem?.revoked === true,
      status: error.status,
      text: error.message,
    };
    reads?.stop();
    forgetList(env.storage);
    people.value = undefined;
    readAt.value = undefined;
  };

  async function readPeople(facility: string): Promise<void> {
    if (desk === undefined) return;
    const number = ++readCount;
    const startedAt = clock.now();
    reading.value = true;
    try {
      const list = await call(
        desk.api.GET("/v3/days/{day}/facilities/{facility}/people", {
          params: { path: { day: desk.entry.dayKey, facility } },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }),
      );
      if (facility !== shown || number < appliedRead) return;
      appliedRead = number;
      for (const [key, answer] of answers) if (answer.at < startedAt) answers.delete(key);
      people.value = list.map((person) => answers.get(person.key)?.person ?? person);
      readAt.value = clock.now();
      readProblem.value = undefined;
      const { hash, expiresAt } = desk.link;
      if (hash !== undefined)
        keepList(env.storage, {
          day: desk.entry.dayKey,
          facility,
          readAt: readAt.value,
          people: list,
          link: hash,
          linkExpiresAt: expiresAt,
        });
    } catch (error) {
      noteRefusal(error);
      if (facility === shown) readProblem.value = error instanceof Error ? error.message : String(error);
    } finally {
      if (number === readCount) reading.value = false;
    }
  }

  return {
    people,
    readAt,
    reading,
    readProblem,
    live,
    online,
    pendingMarks,
    heldBecause,
    linkRefused,
    refusals,
    openDesk(options) {
      desk = options;
      queue = deskMarkQueue(env, options, {
        refusal: noteRefusal,
        landed: (mark, person) => {
          if (mark.facility !== shown) return;
          answers.set(person.key, { person, at: clock.now() });
          people.value = people.value?.map((p) => (p.key === person.key ? person : p));
        },
        refused: (text) => {
          refusals.value = [...refusals.value.slice(-2), text];
        },
        changed: () => {
          pendingMarks.value = queue?.marks() ?? [];
          heldBecause.value = queue?.heldBecause();
        },
      });
      pendingMarks.value = queue.marks();
      watchDesk(env, options, {
        nudge: (facility) => {
          if (facility === shown) reads?.request("nudge");
        },
        // A link of the day was revoked: the list's read tells this page at once whether it is its
        // own (401 with `revoked`), and the page turns to its revoked state.
        revoked: () => reads?.request("nudge"),
        again: (reason) => {
          reads?.request(reason);
          queue?.flush();
        },
        connected: (connected) => {
          live.value = connected;
        },
        online: (isOnline) => {
          online.value = isOnline;
          if (isOnline) queue?.flush();
        },
      });
      // The connection may have gone while the page was starting, before anyone listened.
      online.value = connection.online();
    },
    showFacility(facility) {
      reads?.stop();
      reads = undefined;
      shown = facility;
      answers = new Map();
      const kept =
        facility === undefined || desk === undefined
          ? undefined
          : keptList(env.storage, {
              day: desk.entry.dayKey,
              facility,
              link: desk.link.hash,
              now: clock.now(),
            });
      // The list as last read on this phone shows until the service answers (or while it cannot).
      people.value = kept?.people;
      readAt.value = kept?.readAt;
      readProblem.value = undefined;
      if (facility === undefined || desk === undefined || linkRefused.value !== undefined) return;
      reads = planListReads(() => void readPeople(facility), clock);
      reads.request("open");
    },
    refresh() {
      reads?.request("refresh");
      queue?.flush();
    },
    mark(person, present) {
      if (shown === undefined || linkRefused.value !== undefined || desk?.blocked() !== undefined) return;
      queue?.add({ facility: shown, key: person.key, player: person.player, present }, clock.now());
    },
    discardHeldMarks() {
      queue?.discard();
    },
    dismissRefusals() {
      refusals.value = [];
    },
  };
}

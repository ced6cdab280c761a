/**
 * Attendance marks that survive a Wi-Fi drop. Every tap becomes a mark kept on the phone (local
 * storage, per day) until the service has answered it:
 * - sent at once when the phone is online, one mark at a time in the order they were made;
 * - when no answer comes (offline, a dead connection, a timeout) it waits and is sent again when the
 *   connection returns (the `online` event, the nudge socket reopening, the page back into view, a
 *   refresh) or after a growing pause; a mark is idempotent, so sending it again is safe;
 * - a mark the service answered is never sent again: one tap, one mark that lands once;
 * - refused because the link no longer works (401, 403), every mark is held and stays visible;
 * - refused for another reason (an unknown person, a wrong tab layout, the service failing), the
 *   mark is dropped and the page rolls the row back with the reason.
 * A second tap on a person whose mark is still waiting replaces it (the last tap wins).
 */
import { ApiError } from "../api/client.ts";
import type { PageClock } from "../environment.ts";

export interface Mark {
  /** One tap: a mark with this id is answered at most once. */
  id: string;
  facility: string;
  /** The person key. */
  key: string;
  /** The name, to say whose mark is waiting. */
  player: string;
  present: boolean;
  /** When the tap was made, epoch ms. */
  at: number;
}

/** `sending`: on its way; `waiting`: no connection yet; `held`: the link cannot send it. */
export type MarkState = "sending" | "waiting" | "held";
export interface PendingMark extends Mark {
  state: MarkState;
}

export interface MarkQueueOptions<Answer> {
  /** Where marks are kept (the page's `localStorage`); undefined keeps them in memory only. */
  storage: Storage | undefined;
  day: string;
  /** Sends one mark; throws an ApiError when it fails (status 0: no answer). */
  send(mark: Mark): Promise<Answer>;
  /** Why nothing may be sent now (the link expired), checked before each send. */
  blocked(): string | undefined;
  /** Whether the phone thinks it is online (`navigator.onLine`): no send is tried while it is not. */
  online(): boolean;
  landed(mark: Mark, answer: Answer): void;
  /** The service refused the mark for `reason` (a sentence); it is dropped. */
  refused(mark: Mark, reason: string): void;
  /** The marks or their states changed. */
  changed(): void;
  /** The page's clock, for the pause before sending again. */
  timers: Pick<PageClock, "setTimeout" | "clearTimeout">;
}

export interface MarkQueue {
  /** The marks not yet answered, oldest first. */
  marks(): readonly PendingMark[];
  /** Why the marks are held (the link expired or was refused), or undefined. */
  heldBecause(): string | undefined;
  /** Keeps a new tap's mark and sends it when it can. */
  add(mark: Omit<Mark, "id" | "at">, now: number): void;
  /** Sends what waits, now (the connection came back). */
  flush(): void;
  /** Forgets every mark that waits or is held (the desk chose to drop them). */
  discard(): void;
  stop(): void;
}

/** Pause before sending again after a send with no answer: 2 s doubling to 30 s. */
export const retryDelayMs = (failures: number) => Math.min(30_000, 2_000 * 2 ** (failures - 1));

/**
 * The mark queue of one day on this phone.
 * @example const queue = markQueue({ storage: env.storage, day, send, blocked, online, landed, refused, changed, timers: env.clock });
 */
export function markQueue<Answer>(options: MarkQueueOptions<Answer>): MarkQueue {
  const storageKey = `tournament-ops.pending-marks.${options.day}`;
  const { timers } = options;
  let marks: PendingMark[] = load();
  let held: string | undefined;
  /** The id of the mark on its way, if any. */
  let sending: string | undefined;
  let failures = 0;
  let retry: unknown;
  let stopped = false;

  function load(): PendingMark[] {
    try {
      const value: unknown = JSON.parse(options.storage?.getItem(storageKey) ?? "[]");
      return Array.isArray(value) ? value.filter(isMark).map((mark) => ({ ...mark, state: "waiting" })) : [];
    } catch {
      return [];
    }
  }
  const save = () => {
    try {
      const kept = marks.map(({ state: _, ...mark }) => mark);
      if (kept.length === 0) options.storage?.removeItem(storageKey);
      else options.storage?.setItem(storageKey, JSON.stringify(kept));
    } catch {
      // Storage full or off: the marks still wait in memory while the page stays open.
    }
  };
  const update = (next: PendingMark[]) => {
    marks = next;
    save();
    options.changed();
  };
  const setState = (mark: PendingMark, state: MarkState) => {
    update(marks.map((m) => (m.id === mark.id ? { ...m, state } : m)));
  };

  function flush(): void {
    if (stopped || sending !== undefined || held !== undefined) return;
    timers.clearTimeout(retry);
    retry = undefined;
    const next = marks[0];
    if (next === undefined) return;
    const block = options.blocked();
    if (block !== undefined) {
      hold(block);
      return;
    }
    if (!options.online()) return;
    sending = next.id;
    setState(next, "sending");
    void options.send(next).then(
      (answer) => done(next, () => options.landed(next, answer)),
      (error: unknown) => {
        const status = error instanceof ApiError ? error.status : 0;
        const reason = error instanceof Error ? error.message : String(error);
        if (status === 0) return done(next, () => wait(next), false);
        if (status === 401 || status === 403) return done(next, () => hold(reason), false);
        done(next, () => options.refused(next, reason));
      },
    );
  }
  /** The send of `mark` is over; `answered` drops it from the queue. */
  function done(mark: PendingMark, then: () => void, answered = true): void {
    sending = undefined;
    if (stopped) return;
    if (answered) {
      failures = 0;
      update(marks.filter((m) => m.id !== mark.id));
    }
    then();
    if (answered) flush();
  }
  function wait(mark: PendingMark): void {
    failures++;
    setState(mark, "waiting");
    retry = timers.setTimeout(flush, retryDelayMs(failures));
  }
  function hold(reason: string): void {
    held = reason;
    update(marks.map((m) => ({ ...m, state: "held" })));
  }

  if (marks.length > 0) queueMicrotask(flush);
  return {
    marks: () => marks,
    heldBecause: () => held,
    add(mark, now) {
      const id = `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      // A waiting mark for the same person is replaced; one on its way stays and this one follows it.
      const others = marks.filter(
        (m) => m.id === sending || m.facility !== mark.facility || m.key !== mark.key,
      );
      update([...others, { ...mark, id, at: now, state: held === undefined ? "waiting" : "held" }]);
      flush();
    },
    flush,
    discard() {
      update(marks.filter((m) => m.id === sending));
      held = undefined;
    },
    stop() {
      stopped = true;
      timers.clearTimeout(retry);
    },
  };
}

function isMark(value: unknown): value is Mark {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m["id"] === "string" &&
    typeof m["facility"] === "string" &&
    typeof m["key"] === "string" &&
    typeof m["player"] === "string" &&
    typeof m["present"] === "boolean" &&
    typeof m["at"] === "number"
  );
}

/**
 * What an open desk is wired to, beside its list: the mark queue that sends each mark as a PUT
 * of the person's attendance, and the events that make it read again or send (a nudge, the nudge
 * socket back, the page back in view, the network back). The store (`people.ts`) says what each does.
 */
import { call } from "../lib/api/client.ts";
import { type MarkQueue, markQueue, type PendingMark } from "../lib/attendance/pending-marks.ts";
import type { Person } from "../lib/attendance/person.ts";
import type { PageEnvironment } from "../lib/environment.ts";
import { followNudges } from "../lib/live/attendance-nudges.ts";
import type { DeskOptions } from "./people.ts";

/** A read or a mark with no answer within this time counts as no answer (the Wi-Fi is gone). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** What the desk's mark queue tells the store. */
export interface QueueHooks {
  /** A mark's refusal, to see whether the link itself was refused. */
  refusal(error: unknown): void;
  landed(mark: PendingMark, person: Person): void;
  /** A mark the service refused, as a sentence. */
  refused(text: string): void;
  changed(): void;
}

/** The desk's mark queue: each mark sent as a PUT of the person's attendance, bounded in time. */
export function deskMarkQueue(env: PageEnvironment, options: DeskOptions, on: QueueHooks): MarkQueue {
  const { entry } = options;
  return markQueue<Person>({
    storage: env.storage,
    day: entry.dayKey,
    send: (mark) =>
      call(
        options.api.PUT("/v3/days/{day}/facilities/{facility}/people/{personKey}/attendance", {
          params: { path: { day: entry.dayKey, facility: mark.facility, personKey: mark.key } },
          body: { present: mark.present },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }),
      ).catch((error: unknown) => {
        on.refusal(error);
        throw error;
      }),
    blocked: options.blocked,
    online: env.connection.online,
    landed: on.landed,
    refused: (mark, reason) => {
      const what = mark.present ? "present" : "not present";
      on.refused(`${mark.player} was not marked ${what}: ${reason}`);
    },
    changed: on.changed,
    timers: env.clock,
  });
}

/** What makes the desk read again or send: a nudge, the socket back, the page back in view, the network. */
export interface DeskEvents {
  nudge(facility: string): void;
  /** A link of the day was revoked (perhaps this one). */
  revoked(): void;
  /** Read again (and send what waits). */
  again(reason: "socket-reopened" | "visible"): void;
  connected(connected: boolean): void;
  online(online: boolean): void;
}

/** Follows the day's nudges and the phone's connection and visibility for an open desk. */
export function watchDesk(env: PageEnvironment, options: DeskOptions, on: DeskEvents): void {
  const { connection } = env;
  followNudges({
    env,
    liveUrl: options.liveUrl,
    event: options.entry.eventKey,
    day: options.entry.dayKey,
    onNudge: on.nudge,
    onRevoked: on.revoked,
    onReopen: () => on.again("socket-reopened"),
    onConnected: on.connected,
  });
  connection.onOnlineChange(() => on.online(connection.online()));
  connection.onVisible(() => on.again("visible"));
}

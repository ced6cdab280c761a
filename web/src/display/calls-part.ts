/**
 * The display's calls as they go up and come down (`hall-calls.ts`): looked at whenever the day's
 * snapshot or live points change, and again at the moment the next call is due to go up or come
 * down (a timer on the page's clock); each call that goes up is read aloud when the toggle is on.
 * Each snapshot's `generatedAt` tells how far the TV's clock is from the service's, which stamps
 * the calls (`lib/live/service-clock.ts`).
 */
import { effect, type ReadonlySignal, signal } from "@preact/signals";
import { facilityMatches } from "../lib/data/players.ts";
import type { Event } from "../lib/data/registry.ts";
import type { PageClock } from "../lib/environment.ts";
import type { FeedState } from "../lib/live/day-feed.ts";
import { livePointOf } from "../lib/live/live-points.ts";
import type { LiveScores } from "../lib/live/live-scores.ts";
import { serviceClock } from "../lib/live/service-clock.ts";
import type { CallsAloud } from "./calls-aloud.ts";
import { callWords, type HallCall, hallCalls, type WaitingCall, waitingCalls } from "./hall-calls.ts";

export interface CallsPartOptions {
  feed: ReadonlySignal<FeedState | undefined>;
  live: Pick<LiveScores, "points">;
  event: () => Event | undefined;
  /** The display's one hall, or every hall of the day. */
  facility: string | undefined;
  /** Whether spectators see the day now: nothing is called on a display that shows nothing. */
  shown: () => boolean;
  clock: PageClock;
  aloud: CallsAloud;
}

/** The calls on screen now, newest last. */
export function callsPart(options: CallsPartOptions): ReadonlySignal<HallCall[]> {
  const { clock } = options;
  const calls = hallCalls();
  const service = serviceClock();
  const shown = signal<HallCall[]>([]);
  const tick = signal(0);
  let timer: unknown;
  let sampled: unknown;
  effect(() => {
    void tick.value;
    const snapshot = options.feed.value?.snapshot;
    if (snapshot !== undefined && snapshot !== sampled) {
      sampled = snapshot;
      service.saw(Date.parse(snapshot.generatedAt), clock.now());
    }
    const event = options.event();
    const points = options.live.points.value;
    if (snapshot === undefined || event === undefined || !options.shown()) return;
    const waiting: WaitingCall[] = [];
    for (const hall of snapshot.facilities) {
      if (options.facility !== undefined && hall.name !== options.facility) continue;
      const playing = (number: string) => livePointOf(points, hall.name, number) !== undefined;
      waiting.push(...waitingCalls(hall.name, facilityMatches(hall, event.display), playing));
    }
    const now = clock.now();
    const looked = calls.look(waiting, now, service.offset());
    shown.value = looked.shown;
    for (const call of looked.started)
      options.aloud.say(callWords(call, options.facility === undefined).spoken);
    clock.clearTimeout(timer);
    if (looked.next !== undefined)
      timer = clock.setTimeout(() => tick.value++, Math.max(0, looked.next - now));
  });
  return shown;
}

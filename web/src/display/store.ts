/**
 * The hall display's store: a TV in the hall, opened once from the address the console offers
 * (`/display/?day=<day>&facility=<name>`; without `facility`, every hall of the day) and left
 * alone. It follows the day live like the public page, turns to the next screen every
 * `seconds` (15 by default) by itself, and recovers by itself: the day's feed reconnects and falls
 * back to the published file, and a display that could not even start tries again every
 * {@link RESTART_MS}.
 */
import { computed, type ReadonlySignal, signal } from "@preact/signals";
import type { DayEntry } from "../lib/data/registry.ts";
import { listedDayVisibility, type Visibility } from "../lib/data/visibility.ts";
import type { PageEnvironment } from "../lib/environment.ts";
import type { FeedState } from "../lib/live/day-feed.ts";
import { dayFollower } from "../lib/page/day-follower.ts";
import { createPageBase, type PageBase } from "../lib/page/page-base.ts";
import { steady } from "../lib/page/steady.ts";
import { arrivals } from "./arrivals.ts";
import { type Screen, screensOf } from "./screens.ts";

/** Seconds on each screen, unless the address says (`&seconds=`, 5 to 120). */
export const SECONDS_PER_SCREEN = 15;
/** A display that could not load its settings or the registry tries again this often. */
export const RESTART_MS = 30_000;
/** The clock on screen moves this often. */
const TICK_MS = 10_000;

export interface DisplayPlace {
  day: string | undefined;
  /** One hall, or every hall of the day. */
  facility: string | undefined;
  seconds: number;
}

export interface DisplayStore extends Pick<PageBase, "registry" | "failure" | "now"> {
  place: DisplayPlace;
  feed: ReadonlySignal<FeedState | undefined>;
  dayEntry: ReadonlySignal<DayEntry | undefined>;
  visibility: ReadonlySignal<Visibility | undefined>;
  /** Every screen of the rotation, as the results stand now. */
  screens: ReadonlySignal<Screen[]>;
  /** The screen shown, and its place in the rotation (1-based). */
  shown: ReadonlySignal<{ screen: Screen; number: number } | undefined>;
  start(): Promise<void>;
}

/** The address's place: `?day=…&facility=…&seconds=…`. */
export function displayPlaceOf(search: string): DisplayPlace {
  const query = new URLSearchParams(search);
  const seconds = Number(query.get("seconds"));
  return {
    day: query.get("day") ?? undefined,
    facility: query.get("facility") || undefined,
    seconds: Number.isInteger(seconds) && seconds >= 5 && seconds <= 120 ? seconds : SECONDS_PER_SCREEN,
  };
}

export function createDisplayStore(env: PageEnvironment): DisplayStore {
  const base = createPageBase(env);
  const day = dayFollower(base);
  const place = displayPlaceOf(env.address.current().search);
  const dayEntry = base.dayEntry(() => place.day);
  const turns = signal(0);
  const visibility = steady<Visibility | undefined>(() => {
    const entry = dayEntry.value;
    return entry && listedDayVisibility(entry.day, day.feed.value?.snapshot, base.now.value);
  });
  const arrived = arrivals(day.feed);
  const screens = computed<Screen[]>(() => {
    const snapshot = day.feed.value?.snapshot;
    const order = arrived.value;
    const entry = dayEntry.value;
    if (snapshot === undefined || entry === undefined || visibility.value?.shown !== true) return [];
    return screensOf(snapshot, entry.event, place.facility, base.now.value, order);
  });
  let started = false;
  const start = async (): Promise<void> => {
    if (!started) {
      started = true;
      base.keepTime(TICK_MS);
      env.clock.setInterval(() => {
        turns.value++;
        // The screens follow the time too: a match comes on court without a score arriving.
        base.now.value = env.clock.now();
      }, place.seconds * 1000);
    }
    if (!(await base.load())) {
      env.clock.setTimeout(() => {
        base.failure.value = undefined;
        void start();
      }, RESTART_MS);
      return;
    }
    const entry = dayEntry.value;
    if (entry !== undefined) day.follow(entry);
  };
  return {
    registry: base.registry,
    failure: base.failure,
    now: base.now,
    place,
    feed: day.feed,
    dayEntry,
    visibility,
    screens,
    shown: computed(() => {
      const list = screens.value;
      if (list.length === 0) return undefined;
      const at = turns.value % list.length;
      return { screen: list[at] as Screen, number: at + 1 };
    }),
    start,
  };
}

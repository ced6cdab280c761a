/**
 * The public page's store. Where the page is (event list, or a day with its facility and view)
 * lives in the address, so a link can be shared and the back button works. Made once by `main.tsx`
 * with the browser's {@link PageEnvironment}; components read its signals and call its actions;
 * nothing else fetches.
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import type { DayEntry } from "../lib/data/registry.ts";
import { dayVisibility, type Visibility } from "../lib/data/visibility.ts";
import type { FeedState } from "../lib/live/day-feed.ts";
import { dayFollower } from "../lib/page/day-follower.ts";
import type { PageEnvironment } from "../lib/page/environment.ts";
import { createPageBase, type PageBase } from "../lib/page/page-base.ts";

export type View = "matches" | "standings" | "teams";
const VIEWS: readonly View[] = ["matches", "standings", "teams"];

/** The time moves on screen every this often, so a day that opens at midnight opens on screen. */
const TICK_MS = 30_000;

/** The page's address: `?day=<day>&facility=<name>&view=<view>`, or none for the event list. */
export interface Place {
  day: string | undefined;
  facility: string | undefined;
  view: View;
}

export interface PublicStore extends Pick<PageBase, "registry" | "failure" | "now"> {
  place: Signal<Place>;
  feed: ReadonlySignal<FeedState | undefined>;
  /** The day of the address in the registry, once both are known. */
  dayEntry: ReadonlySignal<DayEntry | undefined>;
  /**
   * Whether spectators see the day now (docs/pages.md, "Go-live on the public page"): `isLive` and
   * `date` from the newest snapshot (a go-live change republishes the day), else from the registry.
   */
  visibility: ReadonlySignal<Visibility | undefined>;
  /** Loads the settings and the registry, then follows the day of the address if there is one. */
  start(): Promise<void>;
  /** Reads the published file now and reconnects the live socket. */
  retry(): void;
  /** Shows another facility or view of the day, keeping the address in step (no new history entry). */
  choose(change: Partial<Pick<Place, "facility" | "view">>): void;
}

export function createPublicStore(env: PageEnvironment): PublicStore {
  const base = createPageBase(env);
  const day = dayFollower(base, "public");
  const place = signal<Place>(placeOf(env.address.current().search));
  const dayEntry = base.dayEntry(() => place.value.day);
  const visibility = computed<Visibility | undefined>(() => {
    const entry = dayEntry.value;
    if (entry === undefined) return undefined;
    const snapshot = day.feed.value?.snapshot;
    const date = snapshot?.date ?? entry.day.date;
    return dayVisibility(snapshot ? snapshot.isLive : entry.day.isLive, date, base.now.value);
  });
  return {
    registry: base.registry,
    failure: base.failure,
    now: base.now,
    place,
    feed: day.feed,
    dayEntry,
    visibility,
    async start() {
      base.keepTime(TICK_MS);
      if (!(await base.load())) return;
      const entry = dayEntry.value;
      if (entry !== undefined) day.follow(entry);
    },
    retry: day.retry,
    choose(change) {
      place.value = { ...place.value, ...change };
      const query = new URLSearchParams();
      const { day, facility, view } = place.value;
      if (day !== undefined) query.set("day", day);
      if (facility !== undefined) query.set("facility", facility);
      if (view !== "matches") query.set("view", view);
      env.address.replace(`?${query}`);
    },
  };
}

function placeOf(search: string): Place {
  const query = new URLSearchParams(search);
  const view = query.get("view");
  return {
    day: query.get("day") ?? undefined,
    facility: query.get("facility") ?? undefined,
    view: VIEWS.includes(view as View) ? (view as View) : "matches",
  };
}

/**
 * The public page's store. Where the page is (event list, or a day with its facility and view, or
 * a player's page) lives in the address (`place.ts`), so a link can be shared and the back button
 * works. Made once by `main.tsx` with the browser's {@link PageEnvironment}; components read its
 * signals and call its actions; nothing else fetches. Its parts: the players and their search
 * (`players.ts`), the followed players and their notifications (`follows.ts`), and the scores
 * that just arrived (`fresh-scores.ts`).
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import type { DayEntry } from "../lib/data/registry.ts";
import { listedDayVisibility, type Visibility } from "../lib/data/visibility.ts";
import type { PageEnvironment } from "../lib/environment.ts";
import type { FeedState } from "../lib/live/day-feed.ts";
import { dayFollower } from "../lib/page/day-follower.ts";
import { createPageBase, type PageBase } from "../lib/page/page-base.ts";
import { steady } from "../lib/page/steady.ts";
import { type Follows, follows } from "./follows.ts";
import { type FreshScores, freshScores } from "./fresh-scores.ts";
import { type Place, placeOf, queryOf } from "./place.ts";
import { type PlayersPart, playersPart } from "./players.ts";

export type { Place, View } from "./place.ts";

/** The time moves on screen every this often, so a day that opens at midnight opens on screen. */
const TICK_MS = 30_000;

export interface PublicStore extends Pick<PageBase, "registry" | "failure" | "now"> {
  place: Signal<Place>;
  feed: ReadonlySignal<FeedState | undefined>;
  /** The day of the address in the registry, once both are known. */
  dayEntry: ReadonlySignal<DayEntry | undefined>;
  /**
   * Whether spectators see the day now (docs/pages.md, "Go-live on the public page"): `isLive` and
   * `date` from the newest snapshot (a go-live change republishes the day), else from the registry.
   * The same object while it says the same, so a score arriving does not draw the page again.
   */
  visibility: ReadonlySignal<Visibility | undefined>;
  /** The day's name and date: the newest snapshot's, else the registry's; the same object while unchanged. */
  heading: ReadonlySignal<DayHeading | undefined>;
  /** Whether the day's results are here, published nowhere yet, or still loading. */
  results: ReadonlySignal<"here" | "unpublished" | "loading">;
  players: PlayersPart;
  follows: Follows;
  fresh: FreshScores;
  /** Loads the settings and the registry, then follows the day of the address if there is one. */
  start(): Promise<void>;
  /** Reads the published file now and reconnects the live socket. */
  retry(): void;
  /** Shows another facility or view of the day, keeping the address in step (no new history entry). */
  choose(change: Partial<Pick<Place, "facility" | "view">>): void;
  /** Opens a player's page (a new history entry, so the back button returns), or the day again. */
  openPlayer(key: string | undefined): void;
}

/** A day's name and date as its page heads them. */
export interface DayHeading {
  label: string;
  date: string | undefined;
}

export function createPublicStore(env: PageEnvironment): PublicStore {
  const base = createPageBase(env);
  const day = dayFollower(base, "public");
  const place = signal<Place>(placeOf(env.address.current().search));
  const dayEntry = base.dayEntry(() => place.value.day);
  const visibility = steady<Visibility | undefined>(() => {
    const entry = dayEntry.value;
    return entry && listedDayVisibility(entry.day, day.feed.value?.snapshot, base.now.value);
  });
  const heading = steady<DayHeading | undefined>(() => {
    const entry = dayEntry.value;
    if (entry === undefined) return undefined;
    const snapshot = day.feed.value?.snapshot;
    return { label: snapshot?.label ?? entry.day.label, date: snapshot?.date ?? entry.day.date };
  });
  const results = computed(() => {
    const state = day.feed.value;
    return state?.snapshot !== undefined ? "here" : state?.unpublished ? "unpublished" : "loading";
  });
  const players = playersPart(base, dayEntry, day.feed);
  const followed = follows(
    env,
    players,
    base.now,
    () => dayEntry.value?.event.display,
    computed(() => day.feed.value?.kept ?? false),
  );
  const followEntry = () => {
    const entry = dayEntry.value;
    if (entry !== undefined && day.day() !== entry.dayKey) day.follow(entry);
  };
  const go = (next: Place) => {
    place.value = next;
    env.address.push(queryOf(next));
  };
  // The back and forward buttons move between a day and its players' pages.
  env.address.onMove(() => {
    place.value = placeOf(env.address.current().search);
    followEntry();
  });
  return {
    registry: base.registry,
    failure: base.failure,
    now: base.now,
    place,
    feed: day.feed,
    dayEntry,
    visibility,
    heading,
    results,
    players,
    follows: followed,
    fresh: freshScores(day.feed, env.clock),
    async start() {
      base.keepTime(TICK_MS);
      if (!(await base.load())) return;
      followEntry();
      if (place.value.player !== undefined || followed.followed.value.length > 0) players.readEventDays();
    },
    retry: day.retry,
    choose(change) {
      place.value = { ...place.value, ...change };
      env.address.replace(queryOf(place.value));
    },
    openPlayer(key) {
      go({ ...place.value, player: key });
      if (key !== undefined) players.readEventDays();
    },
  };
}

/**
 * The public page's players: the event's days whose results are shown (the followed day live,
 * the others from their published files, read when a person looks for a player), every player
 * in them by person key, and the search over them.
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import {
  type EventDay,
  findPlayers,
  type Player,
  type PlayerSummary,
  playerDirectory,
  playerOf,
} from "../lib/data/players.ts";
import { PublishedReadError, readDaySnapshot } from "../lib/data/published.ts";
import { type DayEntry, daysByDate } from "../lib/data/registry.ts";
import type { DaySnapshot } from "../lib/data/snapshot.ts";
import { listedDayVisibility } from "../lib/data/visibility.ts";
import type { FeedState } from "../lib/live/day-feed.ts";
import type { PageBase } from "../lib/page/page-base.ts";

/** The event's other days are read again at most this often. */
export const EVENT_DAYS_MS = 60_000;

export interface PlayersPart {
  /** The days whose results are shown, the followed one first. */
  days: ReadonlySignal<readonly EventDay[]>;
  /** Every player of those days, by person key, as the search lists them. */
  directory: ReadonlySignal<ReadonlyMap<string, PlayerSummary>>;
  /** A player with their matches across those days (reading the signals it depends on). */
  player(key: string): Player | undefined;
  /** What the person typed in the player search. */
  query: Signal<string>;
  /** The players the query finds. */
  found: ReadonlySignal<PlayerSummary[]>;
  /** Why the event's other days could not be read, for people. */
  problem: ReadonlySignal<string | undefined>;
  /** Reads the event's other published days (at most once a minute), for a player's whole event. */
  readEventDays(): void;
}

export function playersPart(
  base: Pick<PageBase, "env" | "config" | "now">,
  dayEntry: ReadonlySignal<DayEntry | undefined>,
  feed: ReadonlySignal<FeedState | undefined>,
): PlayersPart {
  const { env, config, now } = base;
  const others = signal<ReadonlyMap<string, DaySnapshot>>(new Map());
  const problem = signal<string | undefined>(undefined);
  const query = signal("");
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: { event: string; day: string } | undefined;
  /** One {@link EventDay} per snapshot, so the index is built again only when a snapshot changes. */
  const made = new WeakMap<DaySnapshot, EventDay>();
  const eventDay = (key: string, label: string, snapshot: DaySnapshot) => {
    let day = made.get(snapshot);
    if (day === undefined) {
      day = { key, label: snapshot.label ?? label, snapshot };
      made.set(snapshot, day);
    }
    return day;
  };
  let shown: readonly EventDay[] = [];
  const days = computed(() => {
    const entry = dayEntry.value;
    const list: EventDay[] = [];
    if (entry === undefined) return list;
    const add = (key: string, label: string, snapshot: DaySnapshot | undefined, date?: string) => {
      if (snapshot === undefined) return;
      const visible = listedDayVisibility({ date }, snapshot, now.value).shown;
      if (visible) list.push(eventDay(key, label, snapshot));
    };
    add(entry.dayKey, entry.day.label, feed.value?.snapshot, entry.day.date);
    for (const [key, day] of daysByDate(entry.event)) {
      if (key !== entry.dayKey) add(key, day.label, others.value.get(key), day.date);
    }
    // The same days as before keep the same list, so the time moving on rebuilds nothing.
    const same = list.length === shown.length && list.every((day, i) => day === shown[i]);
    if (!same) shown = list;
    return shown;
  });
  const directory = computed(() => playerDirectory(days.value, dayEntry.value?.event.display));
  /** Each player gathered once per list of days. */
  const gathered = new WeakMap<readonly EventDay[], Map<string, Player | undefined>>();
  return {
    days,
    directory,
    player(key) {
      const list = days.value;
      const display = dayEntry.value?.event.display;
      let known = gathered.get(list);
      if (known === undefined) {
        known = new Map();
        gathered.set(list, known);
      }
      if (!known.has(key)) known.set(key, playerOf(list, key, display));
      return known.get(key);
    },
    query,
    // The list of everyone is made only once someone searches.
    found: computed(() => (query.value.trim() === "" ? [] : findPlayers(directory.value, query.value))),
    problem,
    readEventDays() {
      const entry = dayEntry.value;
      const settings = config.value;
      if (entry === undefined || settings === undefined) return;
      const wanted = { event: entry.eventKey, day: entry.dayKey };
      const fresh = reading?.event === wanted.event && env.clock.now() - readAt < EVENT_DAYS_MS;
      if (fresh) return;
      reading = wanted;
      readAt = env.clock.now();
      const keys = daysByDate(entry.event)
        .map(([key]) => key)
        .filter((key) => key !== entry.dayKey);
      void Promise.all(
        keys.map(async (key) => {
          try {
            return { key, snapshot: await readDaySnapshot(settings.dataUrl, entry.eventKey, key, env.fetch) };
          } catch (error) {
            return { key, failed: error instanceof PublishedReadError ? error.message : String(error) };
          }
        }),
      ).then((reads) => {
        // A day that could not be read keeps what was read of it before.
        const map = new Map(others.value);
        for (const read of reads) {
          if ("failed" in read) continue;
          if (read.snapshot === undefined) map.delete(read.key);
          else map.set(read.key, read.snapshot);
        }
        others.value = map;
        problem.value = reads.some((read) => "failed" in read)
          ? "The event's other days could not be read just now: their matches may be missing here."
          : undefined;
      });
    },
  };
}

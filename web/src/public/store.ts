/**
 * The public page's state, in signals, and its actions. Components read the signals and call the
 * actions; nothing else fetches. Where the page is (event list, or a day with its facility and
 * view) lives in the address, so a link can be shared and the back button works.
 */
import { computed, signal } from "@preact/signals";
import { ConfigError, loadConfig, type PagesConfig } from "../lib/config.ts";
import { PublishedReadError, readRegistry } from "../lib/data/published.ts";
import { type DayEntry, findDay, type Registry } from "../lib/data/registry.ts";
import { type DayFeed, type FeedState, followDay } from "../lib/live/day-feed.ts";

export type View = "matches" | "standings" | "teams";
const VIEWS: readonly View[] = ["matches", "standings", "teams"];

/** The page's address: `?day=<day>&facility=<name>&view=<view>`, or none for the event list. */
export interface Place {
  day: string | undefined;
  facility: string | undefined;
  view: View;
}

export const config = signal<PagesConfig | undefined>(undefined);
export const registry = signal<Registry | undefined>(undefined);
/** A sentence for people when the page cannot start (settings or event list unreadable). */
export const failure = signal<string | undefined>(undefined);
export const place = signal<Place>(placeOf(location.search));
export const feed = signal<FeedState | undefined>(undefined);
/** A screen wide enough to show matches and standings side by side. */
const wideScreen = matchMedia("(min-width: 64rem)");
export const wide = signal(wideScreen.matches);
wideScreen.addEventListener("change", (event) => {
  wide.value = event.matches;
});
/** The time now, moved every 30 s, so a day that opens at midnight opens on screen. */
export const now = signal(Date.now());

/** The day of the address in the registry, once both are known. */
export const dayEntry = computed<DayEntry | undefined>(() => {
  const { day } = place.value;
  const known = registry.value;
  return day !== undefined && known !== undefined ? findDay(known, day) : undefined;
});

let following: DayFeed | undefined;

/** Loads the settings and the registry, then follows the day of the address if there is one. */
export async function start(): Promise<void> {
  setInterval(() => {
    now.value = Date.now();
  }, 30_000);
  try {
    config.value = await loadConfig();
    registry.value = await readRegistry(config.value.dataUrl);
  } catch (error) {
    failure.value =
      error instanceof ConfigError || error instanceof PublishedReadError ? error.message : String(error);
    return;
  }
  const entry = dayEntry.value;
  if (entry !== undefined) follow(entry);
}

function follow(entry: DayEntry): void {
  const settings = config.value;
  if (settings === undefined) return;
  following?.stop();
  following = followDay({
    liveUrl: settings.liveUrl,
    dataUrl: settings.dataUrl,
    event: entry.eventKey,
    day: entry.dayKey,
    livePush: registry.value?.livePush !== false,
    onChange: (state) => {
      feed.value = state;
    },
  });
}

/** Reads the published file now and reconnects the live socket. */
export function retry(): void {
  following?.retry();
}

/** Shows another facility or view of the day, keeping the address in step (no new history entry). */
export function choose(change: Partial<Pick<Place, "facility" | "view">>): void {
  place.value = { ...place.value, ...change };
  const query = new URLSearchParams();
  const { day, facility, view } = place.value;
  if (day !== undefined) query.set("day", day);
  if (facility !== undefined) query.set("facility", facility);
  if (view !== "matches") query.set("view", view);
  history.replaceState(null, "", `?${query}`);
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

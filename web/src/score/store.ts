/**
 * The score page's state, in signals, and its actions: the scorer link (from the fragment once,
 * then kept on the phone until it expires), its day, the day's published snapshot followed live
 * through the relay, and where the umpire is (a facility's matches, or one match). The score form
 * is in `entry.ts`. Components read signals and call actions; nothing else fetches.
 */
import { computed, signal } from "@preact/signals";
import { type Api, createApi } from "../lib/api/client.ts";
import { ConfigError, loadConfig, type PagesConfig } from "../lib/config.ts";
import { type Match, matchesOf } from "../lib/data/matches.ts";
import { PublishedReadError, readRegistry } from "../lib/data/published.ts";
import { type DayEntry, findDay, type Registry } from "../lib/data/registry.ts";
import type { FacilitySnapshot } from "../lib/data/snapshot.ts";
import { keptLinks } from "../lib/links/kept-links.ts";
import { type DayLink, decodeLink, tokenFrom } from "../lib/links/link-token.ts";
import { type DayFeed, type FeedState, followDay } from "../lib/live/day-feed.ts";

/** Where the umpire is: `?facility=<name>` (its matches) and `&match=<number>` (one match). */
export interface Place {
  facility: string | undefined;
  match: string | undefined;
}

export const config = signal<PagesConfig | undefined>(undefined);
export const registry = signal<Registry | undefined>(undefined);
/** A sentence for people when the page cannot start (settings or event list unreadable). */
export const failure = signal<string | undefined>(undefined);
/** The scorer link in use; undefined while the page asks for one. */
export const link = signal<DayLink | undefined>(undefined);
/** Why the page asks for a link: what the address held, or why the kept link stopped working. */
export const askBecause = signal<string | undefined>(undefined);
/** The address held a desk link: it opens on the desk page. */
export const deskToken = signal<string | undefined>(undefined);
export const place = signal<Place>(placeOf(location.search));
export const feed = signal<FeedState | undefined>(undefined);

export const dayEntry = computed<DayEntry | undefined>(() => {
  const day = link.value?.day;
  return day !== undefined && registry.value !== undefined ? findDay(registry.value, day) : undefined;
});
/** The facility shown: the address's, else the snapshot's first. */
export const shownFacility = computed<FacilitySnapshot | undefined>(() => {
  const facilities = feed.value?.snapshot?.facilities ?? [];
  return facilities.find((f) => f.name === place.value.facility) ?? facilities[0];
});
/** The match of the address, once the snapshot has it. */
export const shownMatch = computed<Match | undefined>(() => {
  const { facility, match } = place.value;
  const shown = shownFacility.value;
  if (match === undefined || shown === undefined || shown.name !== facility) return undefined;
  return matchesOf(shown.matchesCsv).find((m) => m.number === match);
});

const kept = keptLinks(localStorageOrNothing(), "scorer");
let following: DayFeed | undefined;
let api: Api | undefined;

/** The API client, with the link in use as the bearer token (once the settings are read). */
export function scoreApi(): Api | undefined {
  return api;
}

/** Reads a link from the fragment (and keeps it), then the settings and registry, then follows the day. */
export async function start(): Promise<void> {
  const token = tokenFrom(location.hash);
  if (location.hash !== "") {
    // The phone keeps the link; the address keeps no token (history, screenshots, a shared tab).
    history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  }
  const given = token === undefined ? undefined : decodeLink(token);
  if (given?.kind === "scorer") kept.keep(given, Date.now());
  else if (given?.kind === "desk") deskToken.value = given.token;
  else if (token !== undefined || location.hash.length > 1) {
    askBecause.value = "That address does not hold a whole scorer link: part of it may have been cut off.";
  }
  addEventListener("popstate", () => {
    place.value = placeOf(location.search);
  });
  try {
    config.value = await loadConfig();
    registry.value = await readRegistry(config.value.dataUrl);
  } catch (error) {
    failure.value =
      error instanceof ConfigError || error instanceof PublishedReadError ? error.message : String(error);
    return;
  }
  api = createApi(config.value.apiUrl, () => link.value?.token);
  useLink(given?.kind === "scorer" ? given : chooseKeptLink());
}

/** Uses a link (one the umpire pasted, or one kept on the phone), following its day. */
export function useLink(chosen: DayLink | undefined): void {
  following?.stop();
  following = undefined;
  feed.value = undefined;
  link.value = chosen;
  if (chosen === undefined) return;
  kept.keep(chosen, Date.now());
  askBecause.value = undefined;
  const entry = dayEntry.value;
  const settings = config.value;
  if (entry === undefined || settings === undefined) return;
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

/** The service refused the link (expired, or no longer valid): it is forgotten and the page asks for one. */
export function forgetLink(reason: string): void {
  if (link.value !== undefined) kept.forget(link.value.token);
  askBecause.value = reason;
  useLink(undefined);
}

/** Reads the published file now and reconnects the live socket. */
export function retry(): void {
  following?.retry();
}

/** Shows a place, as a new step the back button returns from. */
export function go(next: Place): void {
  place.value = next;
  const query = new URLSearchParams();
  if (next.facility !== undefined) query.set("facility", next.facility);
  if (next.match !== undefined) query.set("match", next.match);
  const search = query.size > 0 ? `?${query}` : "";
  history.pushState(null, "", `${location.pathname}${search}`);
  scrollTo(0, 0);
}

/**
 * The kept link to use: for an address that names a facility (a scoresheet's QR code carries no
 * day), the newest link whose day has that facility; otherwise the newest.
 */
function chooseKeptLink(): DayLink | undefined {
  const links = kept.list(Date.now());
  const wanted = place.value.facility;
  const known = registry.value;
  if (wanted === undefined || known === undefined) return links[0];
  const hasFacility = (l: DayLink) => findDay(known, l.day)?.day.facilities.some((f) => f.name === wanted);
  return links.find(hasFacility) ?? links[0];
}

function placeOf(search: string): Place {
  const query = new URLSearchParams(search);
  const facility = query.get("facility") ?? undefined;
  return { facility, match: facility === undefined ? undefined : (query.get("match")?.trim() ?? undefined) };
}

function localStorageOrNothing(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

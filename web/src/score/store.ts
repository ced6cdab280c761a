/**
 * The score page's store: the scorer link (from the fragment once, then kept on the phone until it
 * expires), its day, the day's published snapshot followed live through the relay, and where the
 * umpire is (a facility's matches, or one match), with the score form of the match shown
 * (`entry.ts`). Made once by `main.tsx` with the browser's {@link PageEnvironment}; components read
 * its signals and call its actions; nothing else fetches.
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { type Api, createApi } from "../lib/api/client.ts";
import { type Match, matchesOf } from "../lib/data/matches.ts";
import { findDay } from "../lib/data/registry.ts";
import type { FacilitySnapshot } from "../lib/data/snapshot.ts";
import { keptLinks } from "../lib/links/kept-links.ts";
import { type DayLink, decodeLink, tokenFrom } from "../lib/links/link-token.ts";
import type { FeedState } from "../lib/live/day-feed.ts";
import { dayFollower } from "../lib/page/day-follower.ts";
import type { PageEnvironment } from "../lib/page/environment.ts";
import { createPageBase, type PageBase } from "../lib/page/page-base.ts";
import { createScoreForm, type ScoreForm, type ScorePlace } from "./entry.ts";
import { type Place, placeAddress, placeOf } from "./place.ts";

export interface ScoreStore extends ScorePlace, ScoreForm, Pick<PageBase, "registry" | "failure"> {
  /** Why the page asks for a link: what the address held, or why the kept link stopped working. */
  askBecause: Signal<string | undefined>;
  /** The address held a desk link: it opens on the desk page. */
  deskToken: Signal<string | undefined>;
  feed: ReadonlySignal<FeedState | undefined>;
  /** The facility shown: the address's, else the snapshot's first. */
  shownFacility: ReadonlySignal<FacilitySnapshot | undefined>;
  /** Reads a link from the fragment (and keeps it), then the settings and registry, then follows the day. */
  start(): Promise<void>;
  /** Uses a link (one the umpire pasted, or one kept on the phone), following its day. */
  useLink(chosen: DayLink | undefined): void;
  /** Reads the published file now and reconnects the live socket. */
  retry(): void;
  /** Shows a place, as a new step the back button returns from. */
  go(next: Place): void;
}

export function createScoreStore(env: PageEnvironment): ScoreStore {
  const base = createPageBase(env);
  const day = dayFollower(base);
  const kept = keptLinks(env.storage, "scorer");
  const link = signal<DayLink | undefined>(undefined);
  const askBecause = signal<string | undefined>(undefined);
  const deskToken = signal<string | undefined>(undefined);
  const place = signal<Place>(placeOf(env.address.current().search));
  const dayEntry = base.dayEntry(() => link.value?.day);
  const shownFacility = computed<FacilitySnapshot | undefined>(() => {
    const facilities = day.feed.value?.snapshot?.facilities ?? [];
    return facilities.find((f) => f.name === place.value.facility) ?? facilities[0];
  });
  const shownMatch = computed<Match | undefined>(() => {
    const { facility, match } = place.value;
    const shown = shownFacility.value;
    if (match === undefined || shown === undefined || shown.name !== facility) return undefined;
    return matchesOf(shown.matchesCsv).find((m) => m.matchNumber === match);
  });
  let api: Api | undefined;

  const useLink = (chosen: DayLink | undefined) => {
    day.stop();
    link.value = chosen;
    if (chosen === undefined) return;
    kept.keep(chosen, env.clock.now());
    askBecause.value = undefined;
    const entry = dayEntry.value;
    if (entry !== undefined) day.follow(entry);
  };
  const forgetLink = (reason: string) => {
    if (link.value !== undefined) kept.forget(link.value.token);
    askBecause.value = reason;
    useLink(undefined);
  };
  /**
   * The kept link to use: for an address that names a facility (a scoresheet's QR code carries no
   * day), the newest link whose day has that facility; otherwise the newest.
   */
  const chooseKeptLink = (): DayLink | undefined => {
    const links = kept.list(env.clock.now());
    const wanted = place.value.facility;
    const known = base.registry.value;
    if (wanted === undefined || known === undefined) return links[0];
    const hasFacility = (l: DayLink) => findDay(known, l.day)?.day.facilities.some((f) => f.name === wanted);
    return links.find(hasFacility) ?? links[0];
  };

  const scorePlace: ScorePlace = {
    link,
    place,
    dayEntry,
    shownMatch,
    scoreApi: () => api,
    forgetLink,
  };
  return {
    ...scorePlace,
    ...createScoreForm(env, scorePlace),
    registry: base.registry,
    failure: base.failure,
    askBecause,
    deskToken,
    feed: day.feed,
    shownFacility,
    async start() {
      const address = env.address.current();
      const token = tokenFrom(address.hash);
      if (address.hash !== "") {
        // The phone keeps the link; the address keeps no token (history, screenshots, a shared tab).
        env.address.replace(`${address.pathname}${address.search}`);
      }
      const given = token === undefined ? undefined : decodeLink(token);
      if (given?.kind === "scorer") kept.keep(given, env.clock.now());
      else if (given?.kind === "desk") deskToken.value = given.token;
      else if (token !== undefined || address.hash.length > 1) {
        askBecause.value =
          "That address does not hold a whole scorer link: part of it may have been cut off.";
      }
      env.address.onMove(() => {
        place.value = placeOf(env.address.current().search);
      });
      const settings = (await base.load()) ? base.config.value : undefined;
      if (settings === undefined) return;
      api = createApi(settings.apiUrl, env.fetch, () => link.value?.token);
      useLink(given?.kind === "scorer" ? given : chooseKeptLink());
    },
    useLink,
    retry: day.retry,
    go(next) {
      place.value = next;
      env.address.push(placeAddress(env.address.current().pathname, next));
    },
  };
}

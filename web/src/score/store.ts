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
import type { PageEnvironment } from "../lib/environment.ts";
import { expiryText } from "../lib/links/expiry.ts";
import { keptLinks } from "../lib/links/kept-links.ts";
import { isRevokedBy } from "../lib/links/link-id.ts";
import { type DecodedLink, decodeLink, tokenFrom } from "../lib/links/link-token.ts";
import type { FeedState } from "../lib/live/day-feed.ts";
import { dayFollower } from "../lib/page/day-follower.ts";
import { createPageBase, type PageBase } from "../lib/page/page-base.ts";
import { type Counting, createCounting } from "./counting.ts";
import { createScoreForm, type ScoreForm, type ScorePlace } from "./entry.ts";
import { type Place, placeAddress, placeOf } from "./place.ts";
import { waitingMatch } from "./waiting-match.ts";

export interface ScoreStore
  extends ScorePlace,
    ScoreForm,
    Counting,
    Pick<PageBase, "registry" | "failure" | "now"> {
  /** Why the page asks for a link: what the address held, or why the kept link stopped working. */
  askBecause: Signal<string | undefined>;
  /** The page asks for a link because the phone's link expired (this one). */
  expiredLink: Signal<DecodedLink | undefined>;
  /** The address held a desk link: it opens on the desk page. */
  deskToken: Signal<string | undefined>;
  feed: ReadonlySignal<FeedState | undefined>;
  /** The facility shown: the address's, else the snapshot's first. */
  shownFacility: ReadonlySignal<FacilitySnapshot | undefined>;
  /** Reads a link from the fragment (and keeps it), then the settings and registry, then follows the day. */
  start(): Promise<void>;
  /** Uses a link the umpire pasted, following its day (and opening the match a scan left waiting). */
  useLink(chosen: DecodedLink): void;
  /** Reads the published file now and reconnects the live socket. */
  retry(): void;
  /** Shows a place, as a new step the back button returns from. */
  go(next: Place): void;
  /**
   * The event's score-entry mode as the page knows it now: the relay's latest notice of a change
   * (within seconds of the switch), else the registry's. The form is offered only while `links`.
   */
  entryMode: ReadonlySignal<"console" | "links" | undefined>;
}

/** The time moves on screen every this often, so an expiry shows when it passes. */
const TICK_MS = 30_000;

/**
 * What the page says when the phone's scorer link has expired, with the time and day in Manila.
 * @example expiredSentence(link) // "Your scorer link expired at 01:08 on Saturday 28 November; ask the control desk for a new one."
 */
export function expiredSentence(expired: DecodedLink): string {
  return `Your scorer link expired at ${expiryText(expired.exp)}; ask the control desk for a new one.`;
}

/** What the page says when the relay tells it its link was revoked. */
export const REVOKED_NOW =
  "This scorer link was revoked by the control desk, so it no longer works on this phone. Ask the control desk for a new link and open it here.";

export function createScoreStore(env: PageEnvironment): ScoreStore {
  const base = createPageBase(env);
  /** The mode the relay last told this page of (`undefined`: none since the page opened the day). */
  const noticedMode = signal<"console" | "links" | undefined>(undefined);
  const day = dayFollower(base, "score", {
    onNotice: (notice) => {
      if (notice.scoreEntry !== undefined) noticedMode.value = notice.scoreEntry;
      const revoked = notice.revoked;
      const shown = link.peek();
      if (revoked === undefined || shown === undefined) return;
      void isRevokedBy(shown.token, revoked).then((mine) => {
        if (mine === true && link.peek()?.token === shown.token) forgetLink(REVOKED_NOW);
      });
    },
  });
  const kept = keptLinks(env.storage, "scorer");
  const link = signal<DecodedLink | undefined>(undefined);
  const askBecause = signal<string | undefined>(undefined);
  const expiredLink = signal<DecodedLink | undefined>(undefined);
  const waiting = waitingMatch(env.storage);
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

  /** The day of `chosen` has a facility called `name` (as far as the registry says). */
  const dayHas = (chosen: DecodedLink, name: string) =>
    base.registry.value !== undefined &&
    findDay(base.registry.value, chosen.day)?.day.facilities.some((f) => f.name === name) === true;
  /** A link just opened on this phone lands on the match a scan left waiting, when its day has it. */
  const openWaitingMatch = (chosen: DecodedLink) => {
    const waited = waiting.take(env.clock.now());
    if (
      waited?.facility === undefined ||
      place.value.facility !== undefined ||
      !dayHas(chosen, waited.facility)
    )
      return;
    place.value = waited;
    env.address.replace(placeAddress(env.address.current().pathname, waited));
  };
  /** Uses `chosen`, following its day; `opened`: the umpire has just opened it (not found kept). */
  const useLink = (chosen: DecodedLink | undefined, opened = false) => {
    day.stop();
    noticedMode.value = undefined;
    link.value = chosen;
    if (chosen === undefined) return;
    kept.keep(chosen, env.clock.now());
    askBecause.value = undefined;
    expiredLink.value = undefined;
    if (opened) openWaitingMatch(chosen);
    const entry = dayEntry.value;
    if (entry !== undefined) day.follow(entry);
  };
  /** No usable link: the page says why, and the match on screen waits for the new link. */
  const askForLink = (reason: string, expired?: DecodedLink) => {
    askBecause.value = reason;
    expiredLink.value = expired;
    useLink(undefined);
    waiting.keep(place.value, env.clock.now());
  };
  const forgetLink = (reason: string) => {
    if (link.value !== undefined) kept.forget(link.value.token);
    askForLink(reason);
  };
  /**
   * Of `links` (newest first), the one to use: for an address that names a facility (a
   * scoresheet's QR code carries no day), the newest whose day has that facility; else the newest.
   */
  const forPlace = (links: DecodedLink[]): DecodedLink | undefined => {
    const wanted = place.value.facility;
    return (wanted === undefined ? undefined : links.find((l) => dayHas(l, wanted))) ?? links[0];
  };

  const scorePlace: ScorePlace = {
    link,
    place,
    dayEntry,
    shownMatch,
    scoreApi: () => api,
    forgetLink,
    linkExpired: (expired, then) => askForLink(`${expiredSentence(expired)} ${then}`, expired),
  };
  const form = createScoreForm(env, scorePlace);
  return {
    ...scorePlace,
    ...form,
    ...createCounting(env, scorePlace, form),
    registry: base.registry,
    failure: base.failure,
    now: base.now,
    askBecause,
    expiredLink,
    deskToken,
    feed: day.feed,
    shownFacility,
    entryMode: computed(() => noticedMode.value ?? dayEntry.value?.event.scoreEntry ?? undefined),
    async start() {
      base.keepTime(TICK_MS);
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
      if (given?.kind === "scorer") return useLink(given, true);
      const now = env.clock.now();
      const chosen = forPlace(kept.list(now));
      if (chosen !== undefined) return useLink(chosen);
      const expired = forPlace(kept.expired(now));
      if (expired !== undefined && askBecause.value === undefined)
        askForLink(expiredSentence(expired), expired);
      else waiting.keep(place.value, now);
    },
    useLink: (chosen) => useLink(chosen, true),
    retry: day.retry,
    go(next) {
      place.value = next;
      env.address.push(placeAddress(env.address.current().pathname, next));
    },
  };
}

/**
 * The desk page's store: which desk link opened the page, the day it is for (from the registry),
 * and the facility the desk works at, with that facility's list and marks (`people.ts`). Made once
 * by `main.tsx` with the browser's {@link PageEnvironment}; components read its signals and call
 * its actions; nothing else fetches.
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { createApi } from "../lib/api/client.ts";
import { linkHash } from "../lib/attendance/kept-list.ts";
import type { DayEntry, Facility } from "../lib/data/registry.ts";
import type { PageEnvironment } from "../lib/environment.ts";
import { expiryText } from "../lib/links/expiry.ts";
import { type DecodedLink, decodeLink, hasExpired, tokenFrom } from "../lib/links/link-token.ts";
import { livePointOf } from "../lib/live/live-points.ts";
import { liveScores } from "../lib/live/live-scores.ts";
import { dayFollower } from "../lib/page/day-follower.ts";
import { createPageBase, type PageBase } from "../lib/page/page-base.ts";
import { type CalledMatch, calledMatches } from "./called.ts";
import { createFilters, type Filters } from "./filters.ts";
import { createPeopleStore, type PeopleStore } from "./people.ts";

/** Why the page has no usable desk link. */
export type LinkProblem = "missing" | "unreadable" | "scorer-link";

/** The time moves on screen every this often, so an expiry shows when it passes. */
const TICK_MS = 15_000;

export interface DeskStore extends PeopleStore, Filters, Pick<PageBase, "registry" | "failure" | "now"> {
  link: Signal<DecodedLink | undefined>;
  linkProblem: Signal<LinkProblem | undefined>;
  /** The facility whose list is shown; undefined while the desk chooses. */
  facility: Signal<string | undefined>;
  /** The link's day in the registry, with its event. */
  dayEntry: ReadonlySignal<DayEntry | undefined>;
  /** The facilities a desk can work at: the day's facilities that have a workbook. */
  facilities: ReadonlySignal<Facility[]>;
  expired: ReadonlySignal<boolean>;
  /**
   * Why the link no longer works on this phone (expired, revoked, refused) and what to do, as
   * sentences; undefined while it works. Marks are disabled meanwhile.
   */
  linkStopped: ReadonlySignal<string | undefined>;
  /** The desk's hall's matches called to a court and not started yet, the latest call first (`called.ts`). */
  called: ReadonlySignal<CalledMatch[]>;
  /** Reads the link from the address's fragment, then the settings and the registry, then opens the facility. */
  start(): Promise<void>;
  /**
   * Shows a facility's list (or, with no name, the choice of facility), keeping the choice in the
   * address's query so a reload keeps it; the fragment (the token) stays as it is.
   */
  chooseFacility(name: string | undefined): void;
  /** Opens the page again with a pasted desk link. */
  openLink(link: DecodedLink): void;
}

/** What the page says once the control desk has revoked the link. */
export const REVOKED_SENTENCE =
  "This desk link was revoked by the control desk, so it no longer works on this phone. Ask the control desk for a new desk link and open it here.";

/** What the page says once the service no longer accepts the link (a new signing key, say). */
export const REFUSED_SENTENCE =
  "The service no longer accepts this desk link, so it no longer works on this phone. Ask the control desk for a new desk link and open it here.";

/** What the page says once the link has expired. */
export function expiredSentence(expiring: DecodedLink): string {
  return `This desk link expired at ${expiryText(expiring.exp)}. Ask the control desk for a new one and open it on this phone.`;
}

export function createDeskStore(env: PageEnvironment): DeskStore {
  const base = createPageBase(env);
  const peopleStore = createPeopleStore(env);
  const link = signal<DecodedLink | undefined>(undefined);
  const linkProblem = signal<LinkProblem | undefined>(undefined);
  const facility = signal(env.address.current().searchParams.get("facility") ?? undefined);
  const dayEntry = base.dayEntry(() => link.value?.day);
  const facilities = computed<Facility[]>(() =>
    (dayEntry.value?.day.facilities ?? []).filter((f) => typeof f.sheetId === "string" && f.sheetId !== ""),
  );
  // The day's snapshot carries the calls; its live points say which called matches have started.
  const live = liveScores();
  const day = dayFollower(base, undefined, { onLive: live.take });
  const called = computed(() => {
    const points = live.points.value;
    const name = facility.value;
    return calledMatches(
      day.feed.value?.snapshot,
      name,
      dayEntry.value?.event.display,
      peopleStore.people.value,
      (matchNumber) => name !== undefined && livePointOf(points, name, matchNumber) !== undefined,
    );
  });
  const expired = computed(() => link.value !== undefined && hasExpired(link.value, base.now.value));
  const linkStopped = computed(() => {
    const refused = peopleStore.linkRefused.value;
    if (refused?.revoked) return REVOKED_SENTENCE;
    if (expired.value && link.value !== undefined) return expiredSentence(link.value);
    if (refused?.status === 401) return REFUSED_SENTENCE;
    return refused?.text;
  });

  const chooseFacility = (name: string | undefined) => {
    facility.value = name;
    const query = name === undefined ? "" : `?${new URLSearchParams({ facility: name })}`;
    const { pathname, hash } = env.address.current();
    env.address.replace(`${pathname}${query}${hash}`);
    peopleStore.showFacility(name);
  };
  /** The only facility of the day, or the one the link's label names (`note: "Rizal Hall"`). */
  const suggestedFacility = (): Facility | undefined => {
    const all = facilities.value;
    if (all.length === 1) return all[0];
    const label = `${link.value?.to ?? ""} ${link.value?.note ?? ""}`.toLowerCase();
    const named = all.filter((f) => label.includes(f.name.toLowerCase()));
    return named.length === 1 ? named[0] : undefined;
  };

  return {
    ...peopleStore,
    ...createFilters({ people: peopleStore.people, pendingMarks: peopleStore.pendingMarks, facility }),
    registry: base.registry,
    failure: base.failure,
    now: base.now,
    link,
    linkProblem,
    facility,
    dayEntry,
    facilities,
    expired,
    linkStopped,
    called,
    async start() {
      base.keepTime(TICK_MS);
      const token = tokenFrom(env.address.current().hash);
      const decoded = token === undefined ? undefined : decodeLink(token);
      if (decoded?.kind !== "desk") {
        linkProblem.value =
          token === undefined ? "missing" : decoded === undefined ? "unreadable" : "scorer-link";
        return;
      }
      link.value = decoded;
      if (!(await base.load())) return;
      const entry = dayEntry.value;
      const settings = base.config.value;
      if (entry === undefined || settings === undefined) return;
      peopleStore.openDesk({
        api: createApi(settings.apiUrl, env.fetch, () => link.value?.token),
        liveUrl: settings.liveUrl,
        entry,
        link: { hash: await linkHash(decoded.token), expiresAt: decoded.exp },
        blocked: () => (hasExpired(decoded, env.clock.now()) ? expiredSentence(decoded) : undefined),
      });
      day.follow(entry);
      const chosen = facilities.value.find((f) => f.name === facility.value) ?? suggestedFacility();
      chooseFacility(chosen?.name);
    },
    chooseFacility,
    openLink(given) {
      env.address.reloadWith(given.token);
    },
  };
}

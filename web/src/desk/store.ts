/**
 * The desk page's state, in signals, and its actions: which desk link opened the page, the day it
 * is for (from the registry), and the facility the desk works at. The chosen facility's list and
 * marks are in `people.ts`. Components read signals and call actions; nothing else fetches.
 */
import { computed, signal } from "@preact/signals";
import { createApi } from "../lib/api/client.ts";
import { ConfigError, loadConfig, type PagesConfig } from "../lib/config.ts";
import { PublishedReadError, readRegistry } from "../lib/data/published.ts";
import { type DayEntry, type Facility, findDay, type Registry } from "../lib/data/registry.ts";
import { expiryText } from "../lib/links/expiry.ts";
import { type DayLink, decodeLink, hasExpired, tokenFrom } from "../lib/links/link-token.ts";
import { openDesk, showFacility } from "./people.ts";

/** Why the page has no usable desk link. */
export type LinkProblem = "missing" | "unreadable" | "scorer-link";

export const link = signal<DayLink | undefined>(undefined);
export const linkProblem = signal<LinkProblem | undefined>(undefined);
export const config = signal<PagesConfig | undefined>(undefined);
export const registry = signal<Registry | undefined>(undefined);
/** A sentence for people when the page cannot start (settings or event list unreadable). */
export const failure = signal<string | undefined>(undefined);
/** The facility whose list is shown; undefined while the desk chooses. */
export const facility = signal<string | undefined>(
  new URLSearchParams(location.search).get("facility") ?? undefined,
);
/** The time now, moved every 15 s, so an expiry shows on screen when it passes. */
export const now = signal(Date.now());

/** The link's day in the registry, with its event. */
export const dayEntry = computed<DayEntry | undefined>(() => {
  const day = link.value?.day;
  return day !== undefined && registry.value !== undefined ? findDay(registry.value, day) : undefined;
});
/** The facilities a desk can work at: the day's facilities that have a workbook. */
export const facilities = computed<Facility[]>(() =>
  (dayEntry.value?.day.facilities ?? []).filter((f) => typeof f.sheetId === "string" && f.sheetId !== ""),
);
export const expired = computed(() => link.value !== undefined && hasExpired(link.value, now.value));

/** Reads the link from the address's fragment, then the settings and the registry, then opens the facility. */
export async function start(): Promise<void> {
  setInterval(() => {
    now.value = Date.now();
  }, 15_000);
  const token = tokenFrom(location.hash);
  const decoded = token === undefined ? undefined : decodeLink(token);
  if (decoded?.kind !== "desk") {
    linkProblem.value =
      token === undefined ? "missing" : decoded === undefined ? "unreadable" : "scorer-link";
    return;
  }
  link.value = decoded;
  try {
    config.value = await loadConfig();
    registry.value = await readRegistry(config.value.dataUrl);
  } catch (error) {
    failure.value =
      error instanceof ConfigError || error instanceof PublishedReadError ? error.message : String(error);
    return;
  }
  const entry = dayEntry.value;
  if (entry === undefined) return;
  openDesk({
    api: createApi(config.value.apiUrl, () => link.value?.token),
    liveUrl: config.value.liveUrl,
    entry,
    blocked: () => (hasExpired(decoded, Date.now()) ? expiredSentence(decoded) : undefined),
  });
  const chosen = facilities.value.find((f) => f.name === facility.value) ?? suggestedFacility();
  chooseFacility(chosen?.name);
}

/**
 * Shows a facility's list (or, with no name, the choice of facility), keeping the choice in the
 * address's query so a reload keeps it; the fragment (the token) stays as it is.
 */
export function chooseFacility(name: string | undefined): void {
  facility.value = name;
  const query = name === undefined ? "" : `?${new URLSearchParams({ facility: name })}`;
  history.replaceState(null, "", `${location.pathname}${query}${location.hash}`);
  showFacility(name);
}

/** What the page says once the link has expired. */
export function expiredSentence(expiring: DayLink): string {
  return `This desk link expired at ${expiryText(expiring.exp)}. Ask the control desk for a new one and open it on this phone.`;
}

/** The only facility of the day, or the one the link's label names (`note: "Rizal Hall"`). */
function suggestedFacility(): Facility | undefined {
  const all = facilities.value;
  if (all.length === 1) return all[0];
  const label = `${link.value?.to ?? ""} ${link.value?.note ?? ""}`.toLowerCase();
  const named = all.filter((f) => label.includes(f.name.toLowerCase()));
  return named.length === 1 ? named[0] : undefined;
}

/**
 * The console's frame: its settings, the registry (from the static site: `type`, `archived`,
 * `title` are read there), the time, and where the operator is. The place lives in the address
 * (`?day=<day>&view=<view>`), so reload and the back button keep it.
 */
import { computed, signal } from "@preact/signals";
import { ConfigError, loadConfig, type PagesConfig } from "../../lib/config.ts";
import { PublishedReadError, readRegistry } from "../../lib/data/published.ts";
import { type DayEntry, findDay, type Registry } from "../../lib/data/registry.ts";

/** The screens of a day: run it, its links, its scoresheets, its clash warnings. */
export const VIEWS = ["run", "links", "scoresheets", "clashes"] as const;
export type View = (typeof VIEWS)[number];

export interface Place {
  day: string | undefined;
  view: View;
}

export const config = signal<PagesConfig | undefined>(undefined);
export const registry = signal<Registry | undefined>(undefined);
/** A sentence for people when the console cannot start. */
export const failure = signal<string | undefined>(undefined);
export const place = signal<Place>(placeOf(location.search));
/** The time now, moved every 15 s (session expiry, go-live reading, link expiry). */
export const now = signal(Date.now());

/** The chosen day in the registry, once both are known. */
export const dayEntry = computed<DayEntry | undefined>(() => {
  const { day } = place.value;
  const known = registry.value;
  return day !== undefined && known !== undefined ? findDay(known, day) : undefined;
});

/** Loads the settings and the registry; the clock and the back button start here. */
export async function startApp(): Promise<void> {
  setInterval(() => {
    now.value = Date.now();
  }, 15_000);
  addEventListener("popstate", () => {
    place.value = placeOf(location.search);
  });
  try {
    config.value = await loadConfig();
    await reloadRegistry();
  } catch (error) {
    failure.value =
      error instanceof ConfigError || error instanceof PublishedReadError ? error.message : String(error);
  }
}

/** Reads the registry again (after a change the console made to it). */
export async function reloadRegistry(): Promise<void> {
  if (config.value === undefined) return;
  registry.value = await readRegistry(config.value.dataUrl);
}

/** Goes to another day or view, as a new entry of the tab's history. */
export function navigate(to: Partial<Place>): void {
  const next = { ...place.value, ...to };
  place.value = next;
  history.pushState(null, "", addressOf(next));
  scrollTo(0, 0);
}

/** The address of a place, relative to the console. */
export function addressOf({ day, view }: Place): string {
  const query = new URLSearchParams();
  if (day !== undefined) query.set("day", day);
  if (day !== undefined && view !== "run") query.set("view", view);
  const text = query.toString();
  return text === "" ? "./" : `?${text}`;
}

function placeOf(search: string): Place {
  const query = new URLSearchParams(search);
  const view = query.get("view");
  return {
    day: query.get("day") ?? undefined,
    view: (VIEWS as readonly string[]).includes(view ?? "") ? (view as View) : "run",
  };
}

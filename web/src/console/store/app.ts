/**
 * The console's frame: its settings, the registry (from the static site: `type`, `archived`,
 * `title` are read there), the time, and where the operator is. The place lives in the address
 * (`?day=<day>&view=<view>`), so reload and the back button keep it.
 */
import { type ReadonlySignal, type Signal, signal } from "@preact/signals";
import type { DayEntry } from "../../lib/data/registry.ts";
import type { PageEnvironment } from "../../lib/environment.ts";
import { createPageBase, type PageBase } from "../../lib/page/page-base.ts";

/** The screens of a day: run it, its court board, its links, its scoresheets, its scores, its clash warnings. */
export const VIEWS = ["run", "courts", "links", "scoresheets", "scores", "clashes"] as const;
export type View = (typeof VIEWS)[number];

/** The time moves every this often (session expiry, go-live reading, link expiry). */
const TICK_MS = 15_000;

export interface Place {
  day: string | undefined;
  view: View;
}

export interface ConsoleApp
  extends Pick<PageBase, "config" | "registry" | "failure" | "now" | "reloadRegistry"> {
  place: Signal<Place>;
  /** The chosen day in the registry, once both are known. */
  dayEntry: ReadonlySignal<DayEntry | undefined>;
  /** Loads the settings and the registry; the clock and the back button start here. */
  start(): Promise<void>;
  /** Goes to another day or view, as a new entry of the tab's history. */
  navigate(to: Partial<Place>): void;
}

export function createConsoleApp(env: PageEnvironment): ConsoleApp {
  const base = createPageBase(env);
  const place = signal<Place>(placeOf(env.address.current().search));
  return {
    config: base.config,
    registry: base.registry,
    failure: base.failure,
    now: base.now,
    reloadRegistry: base.reloadRegistry,
    place,
    dayEntry: base.dayEntry(() => place.value.day),
    async start() {
      base.keepTime(TICK_MS);
      env.address.onMove(() => {
        place.value = placeOf(env.address.current().search);
      });
      await base.load();
    },
    navigate(to) {
      const next = { ...place.value, ...to };
      place.value = next;
      env.address.push(addressOf(next));
    },
  };
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

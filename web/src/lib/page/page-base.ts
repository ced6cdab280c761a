/**
 * What every page starts from, written once: its settings (`config.json`), the registry, the
 * sentence it shows when either cannot be read, the time as a signal, and the day entry a day key
 * names. Each page's store factory makes one and builds on it.
 */
import { computed, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import { ConfigError, loadConfig, type PagesConfig } from "../config.ts";
import { PublishedReadError, readRegistry } from "../data/published.ts";
import { type DayEntry, findDay, type Registry } from "../data/registry.ts";
import type { PageEnvironment } from "../environment.ts";

export interface PageBase {
  env: PageEnvironment;
  config: Signal<PagesConfig | undefined>;
  registry: Signal<Registry | undefined>;
  /** A sentence for people when the page cannot start (settings or event list unreadable). */
  failure: Signal<string | undefined>;
  /** The time now, moved by {@link PageBase.keepTime}. */
  now: Signal<number>;
  /** Reads `config.json`, then the registry; false when either failed, with {@link PageBase.failure} saying why. */
  load(): Promise<boolean>;
  /**
   * Reads the registry again (after a change the console made to it).
   * @throws PublishedReadError
   */
  reloadRegistry(): Promise<void>;
  /** Moves {@link PageBase.now} every `everyMs`, so what depends on the time changes on screen. */
  keepTime(everyMs: number): void;
  /** The day `dayKey()` names in the registry, with its event, once both are known. */
  dayEntry(dayKey: () => string | undefined): ReadonlySignal<DayEntry | undefined>;
}

export function createPageBase(env: PageEnvironment): PageBase {
  const config = signal<PagesConfig | undefined>(undefined);
  const registry = signal<Registry | undefined>(undefined);
  const failure = signal<string | undefined>(undefined);
  const now = signal(env.clock.now());

  const reloadRegistry = async () => {
    if (config.value === undefined) return;
    registry.value = await readRegistry(config.value.dataUrl, env.fetch);
  };
  return {
    env,
    config,
    registry,
    failure,
    now,
    async load() {
      try {
        config.value = await loadConfig(env.address.current(), env.fetch);
        await reloadRegistry();
        return true;
      } catch (error) {
        failure.value =
          error instanceof ConfigError || error instanceof PublishedReadError ? error.message : String(error);
        return false;
      }
    },
    reloadRegistry,
    keepTime(everyMs) {
      env.clock.setInterval(() => {
        now.value = env.clock.now();
      }, everyMs);
    },
    dayEntry(dayKey) {
      return computed(() => {
        const day = dayKey();
        const known = registry.value;
        return day !== undefined && known !== undefined ? findDay(known, day) : undefined;
      });
    },
  };
}

import { readFileSync } from "node:fs";
import type { DataRepository } from "../ports/data-repository.ts";
import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { gitBlobSha } from "../shared/git-blob.ts";
import type { DayRef, Event, Facility, Registry } from "./types.ts";
import { parseRegistry } from "./validate.ts";

export const REGISTRY_PATH = "config/events.json";

export interface LoadedRegistry {
  registry: Registry;
  revision: string;
  source: "repository" | "fallback";
  loadedAt: number;
  /** True while the bundled fallback is served because the repository's file was missing or invalid. */
  fellBack: boolean;
  /** Why the newest fetch was not applied, when it was not. */
  lastError?: string;
}

interface Logger {
  warn(object: object, message: string): void;
}

const FALLBACK_TEXT = readFileSync(new URL("./fallback-registry.json", import.meta.url), "utf8");

function bundledFallback(now: number, reason: string): LoadedRegistry {
  const { registry } = parseRegistry(JSON.parse(FALLBACK_TEXT));
  if (!registry) throw new Error("the bundled fallback registry is invalid");
  return {
    registry,
    revision: gitBlobSha(FALLBACK_TEXT),
    source: "fallback",
    loadedAt: now,
    fellBack: true,
    lastError: reason,
  };
}

interface RegistryStoreDeps {
  repository: DataRepository;
  ttlMs: number;
  clock: Clock;
  logger: Logger;
  /** Told of every load, cached revision or new (the day announcer compares the days itself). */
  onLoad?: (loaded: LoadedRegistry) => void;
}

/**
 * The registry, fetched through the data-repository port and cached for `SYNC_CONFIG_TTL_MS`.
 * Concurrent callers share one fetch. A broken file is rejected wholesale: the last good registry
 * keeps serving, or the bundled fallback when there was none. An unreachable repository with
 * nothing loaded yet is 503 `config_unavailable`.
 */
export class RegistryStore {
  #current?: LoadedRegistry;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #loading?: Promise<LoadedRegistry>;

  private readonly deps: RegistryStoreDeps;

  constructor(deps: RegistryStoreDeps) {
    this.deps = deps;
  }

  /** The cached registry without any fetch (for `GET /ping`). */
  peek(): LoadedRegistry | undefined {
    return this.#current;
  }

  /** Drops the cache, so this instance's next request fetches the file again. */
  invalidate(): void {
    this.#checkedAt = Number.NEGATIVE_INFINITY;
  }

  async get(): Promise<LoadedRegistry> {
    const now = this.deps.clock.now();
    if (this.#current && now - this.#checkedAt < this.deps.ttlMs) return this.#current;
    this.#loading ??= this.#load()
      .then((loaded) => {
        this.deps.onLoad?.(loaded);
        return loaded;
      })
      .finally(() => {
        this.#loading = undefined;
      });
    return this.#loading;
  }

  /** The day and its event, or 404/400 `unknown_day`. */
  async findDay(dayKey: string): Promise<DayRef & { loaded: LoadedRegistry }> {
    const loaded = await this.get();
    for (const [eventKey, event] of Object.entries(loaded.registry.events)) {
      const day = Object.hasOwn(event.days, dayKey) ? event.days[dayKey] : undefined;
      if (day) return { eventKey, event, dayKey, day, loaded };
    }
    throw new AppError("unknown_day", `day "${dayKey}" is not in the registry`);
  }

  /** The day, its event and one of its facilities, or `unknown_day` / `unknown_facility`. */
  async findFacility(
    dayKey: string,
    facilityName: string,
  ): Promise<DayRef & { facility: Facility; loaded: LoadedRegistry }> {
    const ref = await this.findDay(dayKey);
    const facility = ref.day.facilities.find((f) => f.name === facilityName);
    if (!facility)
      throw new AppError("unknown_facility", `facility "${facilityName}" is not one of day "${dayKey}"'s`);
    return { ...ref, facility };
  }

  /** The event, or 404 `unknown_event`. */
  async findEvent(eventKey: string): Promise<Event> {
    const { registry } = await this.get();
    const event = Object.hasOwn(registry.events, eventKey) ? registry.events[eventKey] : undefined;
    if (!event) throw new AppError("unknown_event", `event "${eventKey}" is not in the registry`);
    return event;
  }

  async #load(): Promise<LoadedRegistry> {
    const { repository, clock, logger } = this.deps;
    const now = clock.now();
    let file: Awaited<ReturnType<DataRepository["read"]>>;
    try {
      file = await repository.read(REGISTRY_PATH);
    } catch (error) {
      logger.warn({ err: error }, "registry fetch failed");
      if (!this.#current) throw new AppError("config_unavailable", "the event registry could not be loaded");
      this.#checkedAt = now;
      this.#current = { ...this.#current, lastError: "the data repository could not be read" };
      return this.#current;
    }
    if (file && file.revision === this.#current?.revision && this.#current.source === "repository") {
      this.#checkedAt = now;
      return this.#current;
    }
    const outcome = file ? this.#parse(file.content) : { error: `${REGISTRY_PATH} does not exist` };
    this.#checkedAt = now;
    if ("registry" in outcome && file) {
      this.#current = {
        registry: outcome.registry,
        revision: file.revision,
        source: "repository",
        loadedAt: now,
        fellBack: false,
      };
      return this.#current;
    }
    const reason = "error" in outcome ? outcome.error : "invalid";
    logger.warn(
      { revision: file?.revision, reason },
      "registry rejected; the last good registry keeps serving",
    );
    this.#current =
      this.#current && this.#current.source === "repository"
        ? { ...this.#current, lastError: reason }
        : bundledFallback(now, reason);
    return this.#current;
  }

  #parse(content: string): { registry: Registry } | { error: string } {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch (error) {
      return { error: `${REGISTRY_PATH} is not valid JSON: ${(error as Error).message}` };
    }
    const { registry, problems } = parseRegistry(json);
    if (registry) return { registry };
    return { error: problems.map((p) => `${p.path} ${p.message}`).join("; ") };
  }
}

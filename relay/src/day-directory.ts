import { DurableObject } from "cloudflare:workers";

/** The storage key of one announced day. */
const PREFIX = "day:";
/** The KV storage API takes at most 128 keys per put or delete. */
const BATCH = 128;

/**
 * The one object that knows which `<event>/<day>` the service has announced (`PUT /days`, and every
 * publish and nudge). The worker accepts a socket only for an announced day, so a made-up key never
 * creates a channel object or a byte of storage; this object's storage is the list itself.
 */
export class DayDirectory extends DurableObject {
  #days: Set<string> | undefined;

  /** Every announced day, `<event>/<day>`. */
  async days(): Promise<string[]> {
    return [...(await this.#load())];
  }

  /** Makes `days` the whole list (the service's registry as it stands); answers how many there are. */
  async replace(days: string[]): Promise<number> {
    const known = await this.#load();
    const wanted = new Set(days);
    const gone = [...known].filter((day) => !wanted.has(day));
    const added = [...wanted].filter((day) => !known.has(day));
    for (let i = 0; i < gone.length; i += BATCH)
      await this.ctx.storage.delete(gone.slice(i, i + BATCH).map((day) => PREFIX + day));
    for (let i = 0; i < added.length; i += BATCH)
      await this.ctx.storage.put(
        Object.fromEntries(added.slice(i, i + BATCH).map((day) => [PREFIX + day, 1])),
      );
    this.#days = wanted;
    return wanted.size;
  }

  /** Adds one day (a publish or nudge for it came with the secret). */
  async add(day: string): Promise<void> {
    const known = await this.#load();
    if (known.has(day)) return;
    await this.ctx.storage.put(PREFIX + day, 1);
    known.add(day);
  }

  async #load(): Promise<Set<string>> {
    if (this.#days === undefined) {
      const stored = await this.ctx.storage.list({ prefix: PREFIX });
      this.#days = new Set([...stored.keys()].map((key) => key.slice(PREFIX.length)));
    }
    return this.#days;
  }
}

import type { DataRepository } from "../../ports/data-repository.ts";
import type { DayRef } from "../../registry/types.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { emptyLinkFile, type LinkFile, linkFilePath, parseLinkFile } from "./link-file.ts";

export interface LinkListsDeps {
  repository: DataRepository;
  clock: Clock;
  /** How long a read list is trusted: the registry's TTL (`SYNC_CONFIG_TTL_MS`). */
  ttlMs: number;
  logger: { warn(object: object, message: string): void };
}

/** A day's list as this instance holds it, with its revoked links ready to look up. */
export interface HeldList {
  file: LinkFile;
  /** The stored file's revision, `null` while there is no file. */
  revision: string | null;
  revoked: ReadonlySet<string>;
  checkedAt: number;
}

/**
 * This instance's copies of the days' link lists: a copy is trusted for the TTL, then read again
 * (one read at a time per list). A read that fails keeps the last copy serving; with none, a link
 * cannot be checked, so it is refused (503 `config_unavailable`), as the registry would be.
 */
export class LinkLists {
  readonly #deps: LinkListsDeps;
  readonly #held = new Map<string, HeldList>();
  readonly #loading = new Map<string, Promise<HeldList>>();

  constructor(deps: LinkListsDeps) {
    this.#deps = deps;
  }

  /** The day's list: the copy while it is younger than the TTL (unless `fresh`), else read again. */
  read(ref: DayRef, fresh: boolean): Promise<HeldList> {
    const path = linkFilePath(ref);
    const held = this.#held.get(path);
    if (!fresh && held && this.#deps.clock.now() - held.checkedAt < this.#deps.ttlMs)
      return Promise.resolve(held);
    let loading = this.#loading.get(path);
    if (loading === undefined) {
      loading = this.#load(ref, held).finally(() => this.#loading.delete(path));
      this.#loading.set(path, loading);
    }
    return loading;
  }

  /** Keeps a list as this instance's copy, trusted for the TTL from now. */
  keep(path: string, file: LinkFile, revision: string | null): HeldList {
    const revoked = new Set(file.links.filter((l) => l.revokedAt !== null).map((l) => l.linkId));
    const held = { file, revision, revoked, checkedAt: this.#deps.clock.now() };
    this.#held.set(path, held);
    return held;
  }

  async #load(ref: DayRef, previous: HeldList | undefined): Promise<HeldList> {
    const path = linkFilePath(ref);
    let stored: Awaited<ReturnType<DataRepository["read"]>>;
    try {
      stored = await this.#deps.repository.read(path);
    } catch (error) {
      this.#deps.logger.warn({ err: error, path }, "link list read failed");
      if (previous) return this.keep(path, previous.file, previous.revision);
      throw new AppError(
        "config_unavailable",
        "the list of revoked links could not be read; try again in a minute",
      );
    }
    const file = stored === undefined ? emptyLinkFile(ref.dayKey) : parseLinkFile(stored.content);
    if (file === undefined) {
      throw new AppError(
        "config_unavailable",
        `${path} is not a link list this service can read; fix or remove it`,
      );
    }
    return this.keep(path, file, stored?.revision ?? null);
  }
}

import type { DataRepository } from "../ports/data-repository.ts";
import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";

export interface HeldListsDeps {
  repository: DataRepository;
  clock: Clock;
  /** How long a read list is trusted: the registry's TTL (`SYNC_CONFIG_TTL_MS`). */
  ttlMs: number;
  logger: { warn(object: object, message: string): void };
}

/** A kind of revocation list: what it is called, how its file reads, which ids it revokes. */
export interface ListKind<F> {
  /** What the list is, in a refusal: "a link list", "a list of signed-out sessions". */
  name: string;
  /** The stored file, or `undefined` for a file that is not such a list (never guessed at). */
  parse(content: string): F | undefined;
  /** The ids the list revokes (a link's `linkId`, a session's id). */
  revoked(file: F): Iterable<string>;
}

/** A list as this instance holds it, with its revoked ids ready to look up. */
export interface HeldList<F> {
  file: F;
  /** The stored file's revision, `null` while there is no file. */
  revision: string | null;
  revoked: ReadonlySet<string>;
  checkedAt: number;
}

/**
 * This instance's copies of revocation lists kept in the data repository (a day's desk and scorer
 * links, the signed-out operator sessions), the one way a revocation reaches every instance: a copy
 * is trusted for the TTL, then read again (one read at a time per list). A read that fails keeps the
 * last copy serving; with none, nothing can be checked against the list, so the caller is refused
 * (503 `config_unavailable`), as an unreadable registry would be. A file that is not such a list is
 * refused the same way and never overwritten.
 * @example const lists = new HeldLists(deps, LINK_LIST); const { revoked } = await lists.read(path, () => emptyLinkFile(day), false);
 */
export class HeldLists<F> {
  readonly #deps: HeldListsDeps;
  readonly #kind: ListKind<F>;
  readonly #held = new Map<string, HeldList<F>>();
  readonly #loading = new Map<string, Promise<HeldList<F>>>();

  constructor(deps: HeldListsDeps, kind: ListKind<F>) {
    this.#deps = deps;
    this.#kind = kind;
  }

  /** The copy while it is younger than the TTL, or `undefined` when the list must be read first. */
  current(path: string): HeldList<F> | undefined {
    const held = this.#held.get(path);
    return held && this.#deps.clock.now() - held.checkedAt < this.#deps.ttlMs ? held : undefined;
  }

  /** The list at `path`: the copy while it is younger than the TTL (unless `fresh`), else read again. */
  read(path: string, empty: () => F, fresh: boolean): Promise<HeldList<F>> {
    const current = fresh ? undefined : this.current(path);
    if (current) return Promise.resolve(current);
    let loading = this.#loading.get(path);
    if (loading === undefined) {
      loading = this.#load(path, empty).finally(() => this.#loading.delete(path));
      this.#loading.set(path, loading);
    }
    return loading;
  }

  /** Keeps a list as this instance's copy, trusted for the TTL from now. */
  keep(path: string, file: F, revision: string | null): HeldList<F> {
    const held = {
      file,
      revision,
      revoked: new Set(this.#kind.revoked(file)),
      checkedAt: this.#deps.clock.now(),
    };
    this.#held.set(path, held);
    return held;
  }

  async #load(path: string, empty: () => F): Promise<HeldList<F>> {
    let stored: Awaited<ReturnType<DataRepository["read"]>>;
    try {
      stored = await this.#deps.repository.read(path);
    } catch (error) {
      this.#deps.logger.warn({ err: error, path }, "revocation list read failed");
      const previous = this.#held.get(path);
      if (previous) return this.keep(path, previous.file, previous.revision);
      throw new AppError(
        "config_unavailable",
        `${path} (${this.#kind.name}) could not be read, so no revocation can be checked; try again in a minute`,
      );
    }
    const file = stored === undefined ? empty() : this.#kind.parse(stored.content);
    if (file === undefined) {
      throw new AppError(
        "config_unavailable",
        `${path} is not ${this.#kind.name} this service can read; fix or remove it`,
      );
    }
    return this.keep(path, file, stored?.revision ?? null);
  }
}

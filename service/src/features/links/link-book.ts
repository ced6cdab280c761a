import type { LinkPrincipal } from "../../auth/guard.ts";
import { type DataRepository, RevisionConflictError } from "../../ports/data-repository.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { DayRef } from "../../registry/types.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import {
  emptyLinkFile,
  formatLinkFile,
  type LinkEntry,
  type LinkFile,
  linkFilePath,
  parseLinkFile,
} from "./link-file.ts";

/** Links a day's list holds that have not expired, at most: beyond it, issuing is refused. */
export const MAX_LINKS_PER_DAY = 500;
/** How often an instance writes the last uses it noted (one write per day's list, only when used). */
export const LAST_USE_FLUSH_MS = 5 * 60 * 1000;
const ATTEMPTS = 3;

interface Cached {
  file: LinkFile;
  revision: string | null;
  revoked: ReadonlySet<string>;
  checkedAt: number;
}

export interface LinkBookDeps {
  repository: DataRepository;
  registry: RegistryStore;
  clock: Clock;
  /** How long a read list is trusted: the registry's TTL (`SYNC_CONFIG_TTL_MS`). */
  ttlMs: number;
  logger: { warn(object: object, message: string): void };
}

/**
 * The issued desk and scorer links of each day, kept in the data repository (`link-file.ts`) so
 * every instance sees a revocation within `SYNC_CONFIG_TTL_MS`. Issuing and revoking write the
 * day's list at once by compare-and-swap; a link's use is noted in memory and written with the
 * others every {@link LAST_USE_FLUSH_MS} (and when the app closes), never once per request.
 */
export class LinkBook {
  readonly #deps: LinkBookDeps;
  readonly #cache = new Map<string, Cached>();
  readonly #loading = new Map<string, Promise<Cached>>();
  /** Uses noted since the last write: list path → the day → link id → its newest use and label. */
  readonly #uses = new Map<
    string,
    { ref: DayRef; links: Map<string, { at: number; link: LinkPrincipal }> }
  >();
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(deps: LinkBookDeps) {
    this.#deps = deps;
    this.#timer = setInterval(() => void this.flush(), LAST_USE_FLUSH_MS);
    this.#timer.unref();
  }

  /**
   * Lets a desk or scorer link through, or refuses it with 401 when its day's list says it was
   * revoked; notes its use. A link whose day is no longer in the registry has no list to check
   * (every route refuses it for that day anyway).
   */
  async admit(link: LinkPrincipal): Promise<LinkPrincipal> {
    const ref = await this.#dayOf(link.day);
    if (ref === undefined) return link;
    const cached = await this.#read(ref, false);
    if (cached.revoked.has(link.linkId)) {
      throw new AppError("unauthorized", "this link was revoked by the organisers", { revoked: true });
    }
    this.#noteUse(ref, link);
    return link;
  }

  /** Adds a link just issued to its day's list. */
  async record(ref: DayRef, kind: LinkEntry["kind"], issued: IssuedLink): Promise<void> {
    const now = this.#deps.clock.now();
    await this.#edit(ref, `link issued for ${ref.dayKey}`, (file) => {
      if (file.links.length >= MAX_LINKS_PER_DAY) {
        // Expired links make room, oldest first; a revoked link stays until it expires.
        const expired = file.links
          .filter((l) => l.expiresAt <= now)
          .sort((a, b) => a.expiresAt - b.expiresAt);
        const drop = new Set(expired.slice(0, file.links.length - MAX_LINKS_PER_DAY + 1));
        file.links = file.links.filter((l) => !drop.has(l));
      }
      if (file.links.length >= MAX_LINKS_PER_DAY) {
        throw new AppError(
          "forbidden",
          `day "${ref.dayKey}" already has ${MAX_LINKS_PER_DAY} links that have not expired; no more are issued`,
        );
      }
      file.links.push({
        linkId: issued.linkId,
        kind,
        issuedTo: issued.issuedTo,
        note: issued.note,
        issuedAt: now,
        expiresAt: issued.expiresAt,
        lastUsedAt: null,
        revokedAt: null,
      });
      return true;
    });
  }

  /** Revokes one link; revoking it again changes nothing. @throws AppError `not_found` for an unknown link */
  async revoke(ref: DayRef, linkId: string): Promise<{ link: LinkEntry; changed: boolean }> {
    const now = this.#deps.clock.now();
    let found: LinkEntry | undefined;
    const changed = await this.#edit(ref, `link revoked for ${ref.dayKey}`, (file) => {
      found = file.links.find((l) => l.linkId === linkId);
      if (found === undefined) throw new AppError("not_found", `day "${ref.dayKey}" has no link ${linkId}`);
      if (found.revokedAt !== null) return false;
      found.revokedAt = now;
      return true;
    });
    return { link: this.#withUses(ref, found as LinkEntry), changed };
  }

  /** The day's links, read fresh, newest first, with the uses this instance has not written yet. */
  async list(ref: DayRef): Promise<LinkEntry[]> {
    const { file } = await this.#read(ref, true);
    return file.links
      .map((link) => this.#withUses(ref, link))
      .sort((a, b) => (b.issuedAt ?? 0) - (a.issuedAt ?? 0));
  }

  /** Writes the uses noted since the last write, one write per day's list; kept for the next try on failure. */
  async flush(): Promise<void> {
    const pending = [...this.#uses.values()];
    this.#uses.clear();
    for (const { ref, links } of pending) {
      try {
        await this.#edit(ref, `links used on ${ref.dayKey}`, (file) => {
          for (const [linkId, { at, link }] of links) {
            let entry = file.links.find((l) => l.linkId === linkId);
            if (entry === undefined) {
              // A link issued before this list existed: listed from its own signed label, so it can be revoked.
              entry = {
                linkId,
                kind: link.kind,
                issuedTo: link.issuedTo ?? null,
                note: link.note ?? null,
                issuedAt: null,
                expiresAt: link.expiresAt,
                lastUsedAt: null,
                revokedAt: null,
              };
              file.links.push(entry);
            }
            entry.lastUsedAt = Math.max(entry.lastUsedAt ?? 0, at);
          }
          return true;
        });
      } catch (error) {
        this.#deps.logger.warn(
          { err: error, day: ref.dayKey },
          "link uses not written; kept for the next try",
        );
        for (const [linkId, use] of links) this.#remember(ref, linkId, use.link, use.at);
      }
    }
  }

  /** Stops the timer and writes what is noted (the app is closing). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  async #dayOf(dayKey: string): Promise<DayRef | undefined> {
    try {
      return await this.#deps.registry.findDay(dayKey);
    } catch (error) {
      if (error instanceof AppError && error.code === "unknown_day") return undefined;
      throw error;
    }
  }

  #noteUse(ref: DayRef, link: LinkPrincipal): void {
    this.#remember(ref, link.linkId, link, this.#deps.clock.now());
  }

  #remember(ref: DayRef, linkId: string, link: LinkPrincipal, at: number): void {
    const path = linkFilePath(ref);
    const day = this.#uses.get(path) ?? { ref, links: new Map() };
    const known = day.links.get(linkId);
    if (known === undefined || known.at < at) day.links.set(linkId, { at, link });
    this.#uses.set(path, day);
  }

  #withUses(ref: DayRef, link: LinkEntry): LinkEntry {
    const noted = this.#uses.get(linkFilePath(ref))?.links.get(link.linkId)?.at;
    return noted === undefined || (link.lastUsedAt ?? 0) >= noted ? link : { ...link, lastUsedAt: noted };
  }

  /** The day's list: this instance's copy while it is younger than the TTL, else read again (one read at a time). */
  #read(ref: DayRef, fresh: boolean): Promise<Cached> {
    const path = linkFilePath(ref);
    const cached = this.#cache.get(path);
    if (!fresh && cached && this.#deps.clock.now() - cached.checkedAt < this.#deps.ttlMs) {
      return Promise.resolve(cached);
    }
    let loading = this.#loading.get(path);
    if (loading === undefined) {
      loading = this.#load(ref, cached).finally(() => this.#loading.delete(path));
      this.#loading.set(path, loading);
    }
    return loading;
  }

  async #load(ref: DayRef, previous: Cached | undefined): Promise<Cached> {
    const path = linkFilePath(ref);
    let stored: Awaited<ReturnType<DataRepository["read"]>>;
    try {
      stored = await this.#deps.repository.read(path);
    } catch (error) {
      this.#deps.logger.warn({ err: error, path }, "link list read failed");
      // The last list read keeps serving; with none, a link cannot be checked, so it is refused.
      if (previous) return this.#keep(path, previous.file, previous.revision);
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
    return this.#keep(path, file, stored?.revision ?? null);
  }

  /** Keeps a list as this instance's copy, trusted for the TTL from now. */
  #keep(path: string, file: LinkFile, revision: string | null): Cached {
    const revoked = new Set(file.links.filter((l) => l.revokedAt !== null).map((l) => l.linkId));
    const cached = { file, revision, revoked, checkedAt: this.#deps.clock.now() };
    this.#cache.set(path, cached);
    return cached;
  }

  /**
   * Changes the day's list by compare-and-swap: read fresh, apply `change` (which returns whether
   * it changed anything), write if it did; on a conflicting write, again, three times at most (then
   * 409 `conflict`). This instance's copy is the written list at once.
   */
  async #edit(ref: DayRef, message: string, change: (file: LinkFile) => boolean): Promise<boolean> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const current = await this.#read(ref, true);
      const file: LinkFile = structuredClone(current.file);
      if (!change(file)) return false;
      try {
        const { revision } = await this.#deps.repository.write(
          linkFilePath(ref),
          formatLinkFile(file),
          current.revision,
          message,
        );
        this.#keep(linkFilePath(ref), file, revision);
        return true;
      } catch (error) {
        if (!(error instanceof RevisionConflictError)) throw error;
      }
    }
    throw new AppError(
      "conflict",
      `${linkFilePath(ref)} changed ${ATTEMPTS} times while it was being written; try again`,
    );
  }
}

/** What an issue route hands the book: the issued link without its token. */
export interface IssuedLink {
  linkId: string;
  expiresAt: number;
  issuedTo: string | null;
  note: string | null;
}

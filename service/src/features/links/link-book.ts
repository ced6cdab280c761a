import type { DayLink } from "../../auth/day-links.ts";
import type { LinkPrincipal } from "../../auth/guard.ts";
import { linkIdOf } from "../../auth/link-id.ts";
import { writerLabel } from "../../auth/link-labels.ts";
import type { RegistryStore } from "../../registry/store.ts";
import type { DayRef } from "../../registry/types.ts";
import { withConflictRetries } from "../../repository/conflict-retries.ts";
import { HeldLists, type HeldListsDeps } from "../../repository/held-lists.ts";
import { AppError } from "../../shared/errors.ts";
import {
  emptyLinkFile,
  formatLinkFile,
  LINK_LIST,
  type LinkEntry,
  type LinkFile,
  linkFilePath,
} from "./link-file.ts";
import { type Pending, pendingFor, unwritten, writePending } from "./pending.ts";

/** Links a day's list holds that have not expired, at most: beyond it, issuing is refused. */
export const MAX_LINKS_PER_DAY = 500;
/** How often an instance writes the last uses it noted (one write per day's list, only when used). */
export const LAST_USE_FLUSH_MS = 5 * 60 * 1000;
/** How long an issue waits for its link to be written before answering (the write goes on). */
export const RECORD_WAIT_MS = 2_000;

export interface LinkBookDeps extends HeldListsDeps {
  registry: RegistryStore;
}

/**
 * The issued desk and scorer links of each day, kept in the data repository (`link-file.ts`) so
 * every instance sees a revocation within `SYNC_CONFIG_TTL_MS`. A revocation is written at once by
 * compare-and-swap. An issued link and a link's uses are noted in memory and go into the next
 * write of the day's list: at once for an issue (answered after at most {@link RECORD_WAIT_MS},
 * so a slow repository never holds the control desk), every {@link LAST_USE_FLUSH_MS} and at close
 * for uses, never once per request. A failed write keeps them for the next one.
 */
export class LinkBook {
  readonly #deps: LinkBookDeps;
  /** This instance's copies of the days' lists, trusted for `SYNC_CONFIG_TTL_MS`. */
  readonly #lists: HeldLists<LinkFile>;
  /** What this instance noted and has not written yet, by list path. */
  readonly #pending = new Map<string, Pending>();
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(deps: LinkBookDeps) {
    this.#deps = deps;
    this.#lists = new HeldLists(deps, LINK_LIST);
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
    const uses = pendingFor(this.#pending, ref).uses;
    const at = this.#deps.clock.now();
    if ((uses.get(link.linkId)?.at ?? Number.NEGATIVE_INFINITY) < at) uses.set(link.linkId, { at, link });
    return link;
  }

  /**
   * Adds a link just issued to its day's list. Refused (403) when the day's list is full of links
   * that have not expired, or already holds this very link, revoked (with `revoked: true`): a token
   * is made of its day, label and expiry only (the spec's payload), and every desk link of a day
   * expires at its end, so a desk link issued again under a revoked one's label is that revoked link.
   */
  readonly record = async (kind: LinkEntry["kind"], issued: DayLink): Promise<string> => {
    const ref = await this.#deps.registry.findDay(issued.day);
    const linkId = linkIdOf(issued.token);
    const now = this.#deps.clock.now();
    const pending = pendingFor(this.#pending, ref);
    // Read fresh (an issue is rare): a revocation made on another instance a moment ago counts.
    const known = await this.#within(this.#read(ref, true).catch(() => undefined));
    if (known?.revoked.has(linkId)) {
      const { day, expiresAt, issuedTo, note } = issued;
      const label = writerLabel({
        kind,
        day,
        linkId,
        expiresAt,
        issuedTo: issuedTo ?? undefined,
        note: note ?? undefined,
      });
      throw new AppError(
        "forbidden",
        `the ${kind} link "${label}" was revoked, so that label cannot be used again on this day: issue the new link under another label`,
        { revoked: true },
      );
    }
    const live = (known?.file.links ?? []).filter((l) => l.expiresAt > now).length + pending.issued.size;
    if (live >= MAX_LINKS_PER_DAY) {
      throw new AppError(
        "forbidden",
        `day "${ref.dayKey}" already has ${MAX_LINKS_PER_DAY} links that have not expired; no more are issued`,
      );
    }
    pending.issued.set(linkId, {
      linkId,
      kind,
      issuedTo: issued.issuedTo,
      note: issued.note,
      issuedAt: now,
      expiresAt: issued.expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    await this.#within(this.#write(ref, "link issued"));
    return linkId;
  };

  /** Revokes one link; revoking it again changes nothing. @throws AppError `not_found` for an unknown link */
  async revoke(dayKey: string, linkId: string): Promise<{ link: LinkEntry; changed: boolean }> {
    const ref = await this.#deps.registry.findDay(dayKey);
    const now = this.#deps.clock.now();
    let found: LinkEntry | undefined;
    const changed = await this.#edit(ref, `link revoked for ${ref.dayKey}`, (file) => {
      found = file.links.find((l) => l.linkId === linkId);
      if (found === undefined) throw new AppError("not_found", `day "${ref.dayKey}" has no link ${linkId}`);
      if (found.revokedAt !== null) return false;
      found.revokedAt = now;
      return true;
    });
    return { link: found as LinkEntry, changed };
  }

  /** The day's links, read fresh, newest first, with what this instance has not written yet. */
  async list(dayKey: string): Promise<LinkEntry[]> {
    const ref = await this.#deps.registry.findDay(dayKey);
    const { file } = await this.#read(ref, true);
    const shown = structuredClone(file);
    const pending = this.#pending.get(linkFilePath(ref));
    if (pending) writePending(shown, unwritten(pending), MAX_LINKS_PER_DAY, this.#deps.clock.now());
    return shown.links.sort((a, b) => (b.issuedAt ?? 0) - (a.issuedAt ?? 0));
  }

  /** Writes what was noted since the last write, one write per day's list; kept for the next try on failure. */
  async flush(): Promise<void> {
    await Promise.all([...this.#pending.values()].map(({ ref }) => this.#write(ref, "links used")));
  }

  /** Stops the timer and writes what is noted (the app is closing). */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  /** Writes the day's pending links and uses; a failure is logged and they wait for the next write. */
  async #write(ref: DayRef, what: string): Promise<void> {
    try {
      await this.#edit(ref, `${what} on ${ref.dayKey}`, () => false);
    } catch (error) {
      this.#deps.logger.warn(
        { err: error, day: ref.dayKey },
        "link list not written; kept for the next write",
      );
    }
  }

  /** Waits for `work` at most {@link RECORD_WAIT_MS}; `undefined` when it takes longer (it goes on). */
  #within<T>(work: Promise<T>): Promise<T | undefined> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), RECORD_WAIT_MS);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  #read(ref: DayRef, fresh: boolean) {
    return this.#lists.read(linkFilePath(ref), () => emptyLinkFile(ref.dayKey), fresh);
  }

  async #dayOf(dayKey: string): Promise<DayRef | undefined> {
    try {
      return await this.#deps.registry.findDay(dayKey);
    } catch (error) {
      if (error instanceof AppError && error.code === "unknown_day") return undefined;
      throw error;
    }
  }

  /**
   * Changes the day's list by compare-and-swap: read fresh, add what this instance noted, apply
   * `change` (which says whether it changed anything), write if anything changed; on a
   * conflicting write, again, three times at most (`withConflictRetries`, then 409 `conflict`).
   * What was written leaves the pending notes, and this instance's copy is the written list at once.
   */
  async #edit(ref: DayRef, message: string, change: (file: LinkFile) => boolean): Promise<boolean> {
    const path = linkFilePath(ref);
    return withConflictRetries(path, async () => {
      const current = await this.#read(ref, true);
      const file: LinkFile = structuredClone(current.file);
      const pending = this.#pending.get(path);
      const taken = pending ? unwritten(pending) : undefined;
      const noted = taken ? writePending(file, taken, MAX_LINKS_PER_DAY, this.#deps.clock.now()) : false;
      const changed = change(file);
      if (!noted && !changed) return false;
      const { revision } = await this.#deps.repository.write(
        path,
        formatLinkFile(file),
        current.revision,
        message,
      );
      if (pending && taken) pending.written(taken);
      this.#lists.keep(path, file, revision);
      return changed;
    });
  }
}

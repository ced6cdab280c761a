import type { LinkPrincipal } from "../../auth/guard.ts";
import type { DayRef } from "../../registry/types.ts";
import { type LinkEntry, type LinkFile, linkFilePath } from "./link-file.ts";

/** A use of a link noted in memory: when, and the link as it authenticated (its signed label). */
export interface Use {
  at: number;
  link: LinkPrincipal;
}

/** What one instance noted about a day's list and has not written yet. */
export interface Pending {
  ref: DayRef;
  issued: Map<string, LinkEntry>;
  uses: Map<string, Use>;
  /** Forgets what a write carried, unless it was noted again since. */
  written(taken: Taken): void;
}

/** A copy of the pending notes as one write takes them. */
export interface Taken {
  issued: LinkEntry[];
  uses: Array<[string, Use]>;
}

/** The pending notes of a day's list, made on first use. */
export function pendingFor(all: Map<string, Pending>, ref: DayRef): Pending {
  const path = linkFilePath(ref);
  let pending = all.get(path);
  if (pending === undefined) {
    const made: Pending = {
      ref,
      issued: new Map(),
      uses: new Map(),
      written(taken) {
        for (const entry of taken.issued)
          if (made.issued.get(entry.linkId) === entry) made.issued.delete(entry.linkId);
        for (const [linkId, use] of taken.uses) if (made.uses.get(linkId) === use) made.uses.delete(linkId);
        if (made.issued.size === 0 && made.uses.size === 0) all.delete(path);
      },
    };
    pending = made;
    all.set(path, made);
  }
  return pending;
}

export function unwritten(pending: Pending): Taken {
  return { issued: [...pending.issued.values()], uses: [...pending.uses] };
}

/**
 * Puts pending notes into a list: links issued here that it lacks, and each use as the link's
 * `lastUsedAt` when newer. A link used but not listed (issued before the list existed) is added
 * from its signed label. Over `max` links, expired ones make room, oldest first (a revoked link
 * stays until it expires). Says whether the list changed.
 */
export function writePending(file: LinkFile, taken: Taken, max: number, now: number): boolean {
  let changed = false;
  for (const entry of taken.issued) {
    if (file.links.some((l) => l.linkId === entry.linkId)) continue;
    file.links.push({ ...entry });
    changed = true;
  }
  for (const [linkId, { at, link }] of taken.uses) {
    let entry = file.links.find((l) => l.linkId === linkId);
    if (entry === undefined) {
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
    if ((entry.lastUsedAt ?? Number.NEGATIVE_INFINITY) < at) {
      entry.lastUsedAt = at;
      changed = true;
    }
  }
  if (file.links.length > max) {
    const expired = file.links.filter((l) => l.expiresAt <= now).sort((a, b) => a.expiresAt - b.expiresAt);
    const drop = new Set(expired.slice(0, file.links.length - max));
    file.links = file.links.filter((l) => !drop.has(l));
  }
  return changed;
}

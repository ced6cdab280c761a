/**
 * The desk's last list read, kept on the phone (local storage), so a desk page reloaded without a
 * network still shows its hall's people, as last read, with the marks that wait. One list is kept:
 * the last one read (a desk works at one hall); a list of another day or hall is never shown, and
 * the list is forgotten when the link stops working.
 */
import type { Person } from "./person.ts";

const KEY = "tournament-ops.desk-list";

export interface KeptList {
  day: string;
  facility: string;
  /** When it was read, epoch ms. */
  readAt: number;
  people: Person[];
}

/** Keeps `list` as the phone's last list read (storage full or off: nothing is kept). */
export function keepList(storage: Storage | undefined, list: KeptList): void {
  try {
    storage?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Full or switched off: a reload without a network shows no list, only the waiting marks.
  }
}

/** The kept list of this day's `facility`, if that is the one kept. */
export function keptList(storage: Storage | undefined, day: string, facility: string): KeptList | undefined {
  try {
    const kept = JSON.parse(storage?.getItem(KEY) ?? "null") as Partial<KeptList> | null;
    if (kept?.day !== day || kept.facility !== facility) return undefined;
    if (typeof kept.readAt !== "number" || !Array.isArray(kept.people)) return undefined;
    return kept as KeptList;
  } catch {
    return undefined;
  }
}

/** Forgets the kept list (the link no longer works on this phone). */
export function forgetList(storage: Storage | undefined): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

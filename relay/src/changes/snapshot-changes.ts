/**
 * What changed between two day snapshots, in a form much smaller than the snapshot when one score
 * changed: members replaced or removed, CSV members changed row by row ({@link LineSplice}), and
 * facilities (matched by `name`) changed the same way. The relay computes it once per push
 * ({@link diffSnapshot}); a page applies it to the snapshot it holds ({@link applyChanges}).
 */
import { applyLines, ChangesMismatch, diffLines, type LineSplice } from "./line-patch.ts";

type Json = Record<string, unknown>;

/** Changes to the members of one object. */
export interface MemberChanges {
  /** Members whose new value replaces the old one (or that are new). */
  set?: Json;
  /** Members that are gone. */
  unset?: string[];
  /** Text members changed line by line. */
  lines?: Record<string, LineSplice[]>;
}

/** Changes to one facility, found by its `name`. */
export interface FacilityChanges extends MemberChanges {
  name: string;
}

/** Changes to a day snapshot. */
export interface SnapshotChanges extends MemberChanges {
  facilities?: {
    /** The facilities' names in their new order; present only when the list itself changed. */
    names?: string[];
    /** Only the facilities that changed; a new facility comes with all its members in `set`. */
    changed?: FacilityChanges[];
  };
}

/**
 * The changes that turn snapshot `before` into `after`, or `undefined` when either is not a day
 * snapshot (an object whose `facilities` are objects with distinct string names): then only the
 * whole snapshot can be sent.
 * @example diffSnapshot(old, next) // { set: { generatedAt: "…" }, lines: { matchesCsv: [[17, 1, "…"]] }, facilities: { changed: [{ name: "Hall 3", … }] } }
 */
export function diffSnapshot(before: unknown, after: unknown): SnapshotChanges | undefined {
  const from = facilitiesOf(before);
  const to = facilitiesOf(after);
  if (from === undefined || to === undefined) return undefined;
  const changes: SnapshotChanges = diffMembers(before as Json, after as Json, "facilities");
  const fromNames = [...from.keys()];
  const toNames = [...to.keys()];
  const changed: FacilityChanges[] = [];
  for (const [name, facility] of to) {
    const members = diffMembers(from.get(name) ?? { name }, facility, "name");
    if (!isEmpty(members)) changed.push({ name, ...members });
  }
  const sameNames = fromNames.length === toNames.length && fromNames.every((name, i) => name === toNames[i]);
  if (!sameNames || changed.length > 0) {
    changes.facilities = {};
    if (!sameNames) changes.facilities.names = toNames;
    if (changed.length > 0) changes.facilities.changed = changed;
  }
  return changes;
}

/**
 * The snapshot that `changes` turn `snapshot` into.
 * @throws ChangesMismatch when the changes were not made from this snapshot.
 */
export function applyChanges<T>(snapshot: T, changes: SnapshotChanges): T {
  const from = facilitiesOf(snapshot);
  if (from === undefined) throw new ChangesMismatch("the snapshot held is not a day snapshot");
  const next = applyMembers(snapshot as Json, changes, "facilities");
  const names = changes.facilities?.names ?? [...from.keys()];
  const changed = new Map((changes.facilities?.changed ?? []).map((facility) => [facility.name, facility]));
  next["facilities"] = names.map((name) => {
    const facility = changed.get(name);
    const old = from.get(name);
    if (facility === undefined) {
      if (old === undefined) throw new ChangesMismatch(`facility ${name} is neither held nor sent`);
      return old;
    }
    return applyMembers(old ?? { name }, facility, "name");
  });
  return next as T;
}

/** The facilities of a day snapshot by name, or `undefined` when `value` is not one. */
function facilitiesOf(value: unknown): Map<string, Json> | undefined {
  if (!isObject(value) || !Array.isArray(value["facilities"])) return undefined;
  const byName = new Map<string, Json>();
  for (const facility of value["facilities"] as unknown[]) {
    if (!isObject(facility) || typeof facility["name"] !== "string" || byName.has(facility["name"])) {
      return undefined;
    }
    byName.set(facility["name"], facility);
  }
  return byName;
}

/** The member changes from `before` to `after`, leaving out the member `skip` (handled by the caller). */
function diffMembers(before: Json, after: Json, skip: string): MemberChanges {
  // Maps, not object literals: a member named "__proto__" must stay a member (see applyMembers).
  const set = new Map<string, unknown>();
  const lines = new Map<string, LineSplice[]>();
  for (const [key, value] of Object.entries(after)) {
    if (key === skip) continue;
    const old = before[key];
    if (Object.hasOwn(before, key) && sameJson(old, value)) continue;
    if (typeof old === "string" && typeof value === "string" && old.includes("\n")) {
      const splices = diffLines(old, value);
      if (JSON.stringify(splices).length < JSON.stringify(value).length) {
        lines.set(key, splices);
        continue;
      }
    }
    set.set(key, value);
  }
  const unset = Object.keys(before).filter((key) => key !== skip && !Object.hasOwn(after, key));
  const changes: MemberChanges = {};
  if (set.size > 0) changes.set = Object.fromEntries(set);
  if (unset.length > 0) changes.unset = unset;
  if (lines.size > 0) changes.lines = Object.fromEntries(lines);
  return changes;
}

function applyMembers(before: Json, changes: MemberChanges, keep: string): Json {
  const unset = new Set(changes.unset ?? []);
  const entries = Object.entries(before).filter(([key]) => !unset.has(key));
  const next = new Map<string, unknown>(entries);
  for (const [key, splices] of Object.entries(changes.lines ?? {})) {
    const old = before[key];
    if (typeof old !== "string") throw new ChangesMismatch(`member ${key} is not text`);
    next.set(key, applyLines(old, splices));
  }
  for (const [key, value] of Object.entries(changes.set ?? {})) {
    if (key !== keep) next.set(key, value);
  }
  // fromEntries defines own members, so a member named "__proto__" stays a plain member.
  return Object.fromEntries(next);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(changes: MemberChanges): boolean {
  return changes.set === undefined && changes.unset === undefined && changes.lines === undefined;
}

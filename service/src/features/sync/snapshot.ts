import type { DayRef } from "../../registry/types.ts";
import { parseCsv, toCsv } from "../../shared/csv.ts";
import type { DaySnapshot, FacilitySnapshot } from "./types.ts";

/** Parses a stored snapshot; a file that is not one counts as no snapshot (the next write replaces it). */
export function parseSnapshot(content: string | undefined): DaySnapshot | undefined {
  if (content === undefined) return undefined;
  try {
    const value = JSON.parse(content) as DaySnapshot;
    return value && Array.isArray(value.facilities) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What one read of a facility's workbook gave: its tabs as CSV, or why it failed. */
export type FacilityRead =
  | {
      name: string;
      ok: true;
      fetchedAt: number;
      matchesCsv: string;
      standingsCsv: string;
      rosterCsv?: string;
      callsCsv?: string;
    }
  | { name: string; ok: false; attemptedAt: number; error: string; code: string };

const NEVER = Number.NEGATIVE_INFINITY;
const timeOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NEVER);
const iso = (ms: number) => new Date(ms).toISOString();

/** A facility that has not been read yet (a facility sync of its neighbour came first). */
function unread(name: string): FacilitySnapshot {
  return {
    name,
    status: "stale",
    fetchedAt: null,
    error: "not synced yet",
    matchesCsv: "",
    standingsCsv: "",
  };
}

/**
 * One facility's entry after a read, given what was published before. A read never replaces
 * newer data (another instance may have published a later read); a failed read keeps the last
 * data, marked `stale` with the reason, so a facility is never dropped.
 */
export function applyRead(before: FacilitySnapshot | undefined, read: FacilityRead): FacilitySnapshot {
  if (read.ok) {
    if (before?.status === "ok" && timeOf(before.fetchedAt) > read.fetchedAt) return before;
    const entry: FacilitySnapshot = {
      name: read.name,
      status: "ok",
      fetchedAt: iso(read.fetchedAt),
      matchesCsv: read.matchesCsv,
      standingsCsv: read.standingsCsv,
    };
    if (read.rosterCsv !== undefined) entry.rosterCsv = read.rosterCsv;
    if (read.callsCsv !== undefined) entry.callsCsv = read.callsCsv;
    return entry;
  }
  const kept = before && before.status !== "skipped" ? before : unread(read.name);
  if (timeOf(kept.fetchedAt) > read.attemptedAt) return kept;
  return { ...kept, status: "stale", error: read.error };
}

/**
 * Combines two published versions of a day facility by facility, keeping the newer read of each
 * (a tie goes to the snapshot generated later), so a snapshot known to this instance and one read from the repository merge
 * without losing either instance's work.
 */
export function newestOf(a: DaySnapshot | undefined, b: DaySnapshot | undefined): DaySnapshot | undefined {
  if (!a || !b) return a ?? b;
  const bIsNewer = timeOf(b.generatedAt) >= timeOf(a.generatedAt);
  const byName = new Map(a.facilities.map((f) => [f.name, f]));
  for (const f of b.facilities) {
    const other = byName.get(f.name);
    const tb = timeOf(f.fetchedAt);
    const ta = timeOf(other?.fetchedAt);
    if (!other || tb > ta || (tb === ta && bIsNewer)) byName.set(f.name, f);
  }
  const newer = bIsNewer ? b : a;
  const editedAt = Math.max(timeOf(a.editedAt), timeOf(b.editedAt));
  return { ...newer, editedAt: editedAt === NEVER ? null : iso(editedAt), facilities: [...byName.values()] };
}

const parsed = new Map<string, string[][]>();

/** Parses a facility CSV, remembering recent ones (an unchanged facility is not parsed again). */
function rowsOf(csv: string): string[][] {
  let rows = parsed.get(csv);
  if (!rows) {
    rows = parseCsv(csv);
    if (parsed.size >= 256) parsed.delete(parsed.keys().next().value as string);
    parsed.set(csv, rows);
  }
  return rows;
}

const segments = new Map<string, Map<string, string>>();

/** One facility's rows of the merged CSV, remembered by its CSV text and the merged header. */
function segmentOf(
  name: string,
  csv: string,
  header: readonly string[],
  index: ReadonlyMap<string, number>,
  signature: string,
): string {
  const key = `${name}\u0000${signature}`;
  let byKey = segments.get(csv);
  const cached = byKey?.get(key);
  if (cached !== undefined) return cached;
  const [head = [], ...body] = rowsOf(csv);
  const columns = head.map((h) => {
    const k = h.trim().toLowerCase();
    return k === "" || k === "facility" ? -1 : (index.get(k) ?? -1);
  });
  const rows: string[][] = [];
  for (const cells of body) {
    if (cells.every((cell) => cell === "")) continue;
    const row: string[] = new Array(header.length).fill("");
    row[0] = name;
    for (let c = 0; c < columns.length; c++) {
      const at = columns[c] as number;
      if (at >= 0) row[at] = cells[c] ?? "";
    }
    rows.push(row);
  }
  const text = toCsv(rows);
  if (!byKey) {
    if (segments.size >= 256) segments.delete(segments.keys().next().value as string);
    byKey = new Map();
    segments.set(csv, byKey);
  }
  byKey.set(key, text);
  return text;
}

/**
 * The day's matches in one CSV: a leading `facility` column, then every column any facility has
 * (by header name, case-insensitively, in order of first appearance). An unchanged facility's rows
 * are not written again.
 */
export function mergeMatchesCsv(facilities: readonly FacilitySnapshot[]): string {
  const header: string[] = ["facility"];
  const index = new Map<string, number>([["facility", 0]]);
  for (const f of facilities) {
    for (const name of rowsOf(f.matchesCsv)[0] ?? []) {
      const key = name.trim().toLowerCase();
      if (key === "" || index.has(key)) continue;
      index.set(key, header.length);
      header.push(name.trim());
    }
  }
  const signature = header.join("\u0001").toLowerCase();
  let out = toCsv([header]);
  for (const f of facilities) out += segmentOf(f.name, f.matchesCsv, header, index, signature);
  return out;
}

export interface BuildInput {
  ref: DayRef;
  /** The last published snapshot (the merge base), if any. */
  base: DaySnapshot | undefined;
  reads: readonly FacilityRead[];
  /** Epoch ms of the newest accepted workbook edit this build covers. */
  editedAt?: number;
  now: number;
}

/**
 * Builds the day snapshot: the registry's facilities in registry order, each from the base with
 * this build's reads applied in order, else `stale` (never read) or `skipped` (no `sheetId`). `generatedAt`
 * always moves forward past the base's, because the relay keeps the snapshot with the newest one.
 */
export function buildSnapshot({ ref, base, reads, editedAt, now }: BuildInput): DaySnapshot {
  const entries = new Map(base?.facilities.map((f) => [f.name, f]));
  for (const read of reads) entries.set(read.name, applyRead(entries.get(read.name), read));
  const facilities = ref.day.facilities.map((facility): FacilitySnapshot => {
    if (!facility.sheetId) {
      return { name: facility.name, status: "skipped", fetchedAt: null, matchesCsv: "", standingsCsv: "" };
    }
    const entry = entries.get(facility.name);
    return entry && entry.status !== "skipped" ? entry : unread(facility.name);
  });
  const edited = Math.max(timeOf(base?.editedAt), editedAt ?? NEVER);
  const generatedAt = Math.max(now, timeOf(base?.generatedAt) + 1);
  return {
    event: ref.eventKey,
    day: ref.dayKey,
    label: ref.day.label,
    date: ref.day.date ?? null,
    isLive: ref.day.isLive ?? null,
    generatedAt: iso(generatedAt),
    editedAt: edited === NEVER ? null : iso(edited),
    facilities,
    matchesCsv: mergeMatchesCsv(facilities),
  };
}

/**
 * Whether two snapshots are the same publication: everything but the times they were made and
 * read. A snapshot the same as the committed one is not committed again.
 */
export function samePublication(a: DaySnapshot, b: DaySnapshot): boolean {
  if (a === b) return true;
  if (
    a.event !== b.event ||
    a.day !== b.day ||
    a.label !== b.label ||
    a.date !== b.date ||
    a.isLive !== b.isLive
  )
    return false;
  if (a.facilities.length !== b.facilities.length) return false;
  return a.facilities.every((f, i) => {
    const g = b.facilities[i] as FacilitySnapshot;
    return (
      f.name === g.name &&
      f.status === g.status &&
      f.error === g.error &&
      f.matchesCsv === g.matchesCsv &&
      f.standingsCsv === g.standingsCsv &&
      f.rosterCsv === g.rosterCsv
    );
  });
}

/** Data rows in a matches CSV (the header and blank rows not counted). */
export function matchCount(csv: string): number {
  const [, ...body] = rowsOf(csv);
  return body.filter((cells) => cells.some((cell) => cell !== "")).length;
}

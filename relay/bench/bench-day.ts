/**
 * The sync benchmark's day (service/bench/sync.ts): 8 facilities of 300 matches, every match
 * scored, built by the service's own snapshot code, and the same day after one more score change.
 */

import { buildSnapshot, type FacilityRead } from "../../service/src/features/sync/snapshot.ts";
import type { DaySnapshot } from "../../service/src/features/sync/types.ts";
import type { DayRef } from "../../service/src/registry/types.ts";
import { toCsv } from "../../service/src/shared/csv.ts";
import { matchRows, standingsRows } from "../../service/test/sync/support-rows.ts";

export const FACILITIES = 8;
export const MATCHES = 300;
const START = Date.parse("2026-11-21T01:00:00.000Z");

const names = Array.from({ length: FACILITIES }, (_, i) => `Hall ${i + 1}`);
const ref: DayRef = {
  eventKey: "open-2026",
  event: { type: "standard", days: {} },
  dayKey: "open-sat",
  day: {
    label: "Saturday",
    date: "2026-11-21",
    isLive: "auto",
    facilities: names.map((name, i) => ({ name, sheetId: `bench-${i + 1}` })),
  },
};

function read(name: string, at: number, change?: { match: number; score: number }): FacilityRead {
  const rows = matchRows(name, MATCHES, 0);
  if (change !== undefined) {
    const row = rows[change.match] as (string | number | null)[];
    row[8] = 21;
    row[9] = change.score;
  }
  return {
    name,
    ok: true,
    fetchedAt: at,
    matchesCsv: toCsv(rows),
    standingsCsv: toCsv(standingsRows(name)),
  };
}

/** The day as the sync benchmark's warm-up sync publishes it. */
export function benchDay(): DaySnapshot {
  return buildSnapshot({
    ref,
    base: undefined,
    reads: names.map((name) => read(name, START)),
    now: START + 1,
  });
}

/**
 * The day after push number `push` (1, 2, …): one match's score changed in one facility, as a
 * facility sync after a score entry publishes it.
 */
export function afterOneScore(base: DaySnapshot, push: number): DaySnapshot {
  const at = START + push * 1_000;
  const name = names[push % FACILITIES] as string;
  const change = { match: 1 + ((push * 37) % MATCHES), score: push % 20 };
  return buildSnapshot({ ref, base, reads: [read(name, at, change)], editedAt: at, now: at + 1 });
}

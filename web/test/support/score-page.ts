/**
 * The score page's store opened on fakes, for the store tests: a scorer link for Sunday, the
 * address of match 107's scoresheet QR code, the day's snapshot, and the service's save route.
 */
import type { DaySnapshot } from "../../src/lib/data/snapshot.ts";
import { createScoreStore } from "../../src/score/store.ts";
import { settle } from "./fake-clock.ts";
import { type FakePage, fakePage } from "./fake-page.ts";
import { json } from "./fake-site.ts";
import type { MemoryStorage } from "./memory-storage.ts";
import { linkToken, matchRow, REGISTRY, SUNDAY_9AM, snapshotOf } from "./page-fixtures.ts";

export const SAVE = "/v3/days/open-sun/facilities/Rizal%20Hall/matches/107/score";
/** Where the phone keeps its scorer links. */
export const KEPT = "tournament-ops.scorer-links";
export const SUNDAY_LINK = linkToken("scorer", {
  day: "open-sun",
  exp: "2026-11-30T01:00:00.000Z",
  to: "Court 3 umpire",
});
/** The address match 107's scoresheet QR code opens. */
export const QR_107 = "https://results.test/score/?facility=Rizal+Hall&match=107";

/** Sunday's day with match 107 holding `score`. */
export const sunday = (score: [string, string] = ["", ""], generatedAt = SUNDAY_9AM) =>
  snapshotOf(
    { "Rizal Hall": [matchRow(107, "09:00", "Court 1", "María Peña", "Lucía Fernández", score)] },
    { generatedAt },
  );

/** A score page opened at `href` (at `now`); the live socket sends `snapshot` when it opens. */
export async function openScore(
  href: string,
  storage?: MemoryStorage,
  snapshot: DaySnapshot = sunday(),
  now: number | string = SUNDAY_9AM,
) {
  const page = fakePage({ href, now, ...(storage ? { storage } : {}) });
  page.site.file("/config/events.json", REGISTRY);
  const score = createScoreStore(page.env);
  await score.start();
  const day = score.dayEntry.value?.dayKey;
  if (day !== undefined) {
    const live = page.socket(`/live/junior-open/${day}?changes=1`);
    live.open();
    live.receive({ type: "snapshot", seq: 1, snapshot });
  }
  await settle();
  return { page, score };
}

/** The saves the page sent, as their bodies. */
export const saves = async (page: FakePage) =>
  Promise.all(page.site.calls("PUT", SAVE).map((request) => request.clone().json()));

/** The service saves a score as asked, answering what the sheet now holds (once `until` is settled, when given). */
export function savesAsAsked(page: FakePage, until?: Promise<unknown>) {
  page.site.answer("PUT", SAVE, async (request) => {
    await until;
    const { team1Score, team2Score } = (await request.json()) as { team1Score: number; team2Score: number };
    return json(200, {
      matchNumber: "107",
      team1Score,
      team2Score,
      teamCode1: "A107",
      teamCode2: "B107",
      note: "Court 3 umpire (scorer link) · 2026-11-29 10:12",
      previousNote: null,
      published: {
        facility: "ok",
        archive: { path: "", revision: "", status: "committed" },
        live: { pushed: true },
      },
    });
  });
}

/** The service refuses a save: the sheet holds `current` now. */
export function conflictsWith(page: FakePage, current: [number, number]) {
  page.site.answer("PUT", SAVE, () =>
    json(409, {
      status: 409,
      code: "score_conflict",
      detail: "the sheet changed",
      current: { team1Score: current[0], team2Score: current[1], teamCode1: "A107", teamCode2: "B107" },
    }),
  );
}

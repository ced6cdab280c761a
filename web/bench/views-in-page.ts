/**
 * The views' computation as the pages run it, bundled for the page benchmark (`views.ts`) and run
 * inside a throttled Chromium page: every hall's courts now and next, and a player's page (the
 * search index of the day, a search, the player's next match and standing); beside it the
 * baseline, the day's matches tabs parsed (what the matches view does on every snapshot).
 */
import { courtsNow } from "../src/lib/data/courts.ts";
import { matchesOf } from "../src/lib/data/matches.ts";
import { playerStandings } from "../src/lib/data/player-standings.ts";
import {
  facilityMatches,
  findPlayers,
  playerDirectory,
  playerNow,
  playerOf,
} from "../src/lib/data/players.ts";
import type { DaySnapshot } from "../src/lib/data/snapshot.ts";

/**
 * Milliseconds of each step on the day `text` (a snapshot's JSON), in this order; with `collected`,
 * each step starts from a collected heap (the page has `gc()`), so it does not pay for collecting
 * what the step before it left (the parse's 2,400 new matches, above all).
 */
export function measure(
  text: string,
  now: number,
  collected: boolean,
): { parse: number; courts: number; player: number; search: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (collected && gc === undefined)
    throw new Error("the page cannot collect its heap (--js-flags=--expose-gc)");
  const time = (run: () => unknown) => {
    if (collected) gc?.();
    const start = performance.now();
    run();
    return performance.now() - start;
  };
  const snapshot = JSON.parse(text) as DaySnapshot;
  const parse = time(() => {
    for (const facility of snapshot.facilities) matchesOf(facility.matchesCsv);
  });
  const courts = time(() => {
    for (const facility of snapshot.facilities)
      courtsNow(facilityMatches(facility, undefined), snapshot.date, now);
  });
  const days = [{ key: snapshot.day, label: snapshot.label, snapshot }];
  const player = time(() => {
    const found = playerOf(days, "player 150, jr.", undefined);
    if (found === undefined) throw new Error("no player found");
    playerNow(found, now, undefined);
    playerStandings(found, undefined);
  });
  const search = time(() => {
    if (findPlayers(playerDirectory(days, undefined), "player 150 jr").length === 0)
      throw new Error("no player found");
  });
  return { parse, courts, player, search };
}

(globalThis as unknown as { views: { measure: typeof measure } }).views = { measure };

/**
 * The courts and player views' computation (issue 28), in Debian's Chromium with the CPU
 * throttled 4× (a phone), on the sync benchmark's day (8 facilities × 300 matches): every hall's
 * courts now and next, and one player's page from the day's search index, each on a day whose
 * matches tabs the page has just parsed; beside the baseline measured in the same run, that parse
 * itself (the matches view's own work on each snapshot). Goal: each view ≤ 10 ms. Each step is
 * timed from a collected heap (`gc()` before it: what the step itself costs), and, in rounds of
 * their own, as the page meets it right after the step before, paying for collecting what that one
 * left (mostly the parse's 2,400 new matches, a collection that moves from step to step).
 *
 * Run: node --import tsx web/bench/views.ts (or `npm run bench -- pages`)
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { benchDay } from "../../relay/bench/bench-day.ts";
import { PHONE, withoutChromium } from "../test/support/chromium.ts";
import { launchBareChromium } from "./bare-chromium.ts";
import { fmt, median } from "./timings.ts";

const WARMUP = 3;
const ROUNDS = 15;
/** 09:30 in Manila on the bench day: every match's time has come. */
const NOW = Date.parse("2026-11-21T09:30:00+08:00");

/**
 * The bench day with every row made new (another start time each round), so nothing is cached;
 * and the same day after one more score in Hall 1, as the relay's next message brings it.
 */
function daysOfRound(round: number): [string, string] {
  const day = benchDay();
  const time = `10:${String(round).padStart(2, "0")}`;
  for (const facility of day.facilities) facility.matchesCsv = facility.matchesCsv.replaceAll("09:00", time);
  const first = JSON.stringify(day);
  const hall = day.facilities[0] as (typeof day.facilities)[number];
  hall.matchesCsv = hall.matchesCsv.replace(/^(37,.*,)0,15$/m, "$121,15");
  if (hall.matchesCsv === JSON.parse(first).facilities[0].matchesCsv)
    throw new Error("the score did not change");
  return [first, JSON.stringify(day)];
}

async function main(): Promise<void> {
  if (withoutChromium) {
    console.log(`views benchmark skipped: ${withoutChromium}`);
    return;
  }
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("views-in-page.ts", import.meta.url))],
    bundle: true,
    format: "iife",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  // Its pages can collect their heap (`gc()`), for the steps timed from a collected heap.
  const browser = await launchBareChromium(["--js-flags=--expose-gc"]);
  try {
    const page = await browser.newPage(PHONE, "data:text/html,<title>views</title>", {
      script: bundle.outputFiles[0]?.text as string,
    });
    await page.waitFor(() => "views" in globalThis);
    await page.throttle(4);
    type Step = "parse" | "courts" | "player" | "search";
    type Steps = Record<Step, number[]>;
    const empty = (): Steps => ({ parse: [], courts: [], player: [], search: [] });
    /** By day (seen for the first time, then after one more score), and collected or as met. */
    const runs = { first: { collected: empty(), met: empty() }, next: { collected: empty(), met: empty() } };
    const run = (text: string, collected: boolean) =>
      page.evaluate(
        ([day, now, collect]: readonly [string, number, boolean]) =>
          (
            globalThis as unknown as {
              views: { measure(t: string, n: number, c: boolean): Record<Step, number> };
            }
          ).views.measure(day, now, collect),
        [text, NOW, collected] as const,
      );
    // Rounds alternate between the two ways of timing, each on days of its own.
    for (let round = 0; round < 2 * (WARMUP + ROUNDS); round++) {
      const collected = round % 2 === 0;
      const [seen, scored] = daysOfRound(round);
      for (const [text, by] of [
        [seen, runs.first],
        [scored, runs.next],
      ] as const) {
        const took = await run(text, collected);
        if (round < 2 * WARMUP) continue;
        const steps = collected ? by.collected : by.met;
        for (const step of ["parse", "courts", "player", "search"] as const) steps[step].push(took[step]);
      }
    }
    console.log(
      "views: computed in Chromium with the CPU throttled 4×, on the day of 8 facilities × 300 matches,",
    );
    console.log(
      `  ${ROUNDS} rounds after ${WARMUP} warm-up, each a day never seen before, then that day after one more score;`,
    );
    console.log(
      "  each step from a collected heap (what it costs itself), then, in rounds of their own, as the page",
    );
    console.log("  meets it right after the step before (paying for collecting what that one left):");
    for (const [what, { collected, met }] of [
      ["the day seen for the first time", runs.first],
      ["after one more score (one hall changed)", runs.next],
    ] as const) {
      const asMet = (step: Step) => `; as met ${fmt(met[step])}`;
      console.log(`  ${what}:`);
      console.log(
        `    courts now and next, all 8 halls:           ${fmt(collected.courts)}  (goal ≤ 10 ms)${asMet("courts")}`,
      );
      console.log(
        `    a player's page (matches, next, standing):  ${fmt(collected.player)}  (goal ≤ 10 ms)${asMet("player")}`,
      );
      console.log(
        `    the player search (everyone, one search):   ${fmt(collected.search)}${asMet("search")}`,
      );
      console.log(`    baseline, the 8 matches tabs parsed:        ${fmt(collected.parse)}${asMet("parse")}`);
      console.log(
        `    ratio to the baseline: courts ${(median(collected.courts) / median(collected.parse)).toFixed(2)}x, player ${(median(collected.player) / median(collected.parse)).toFixed(2)}x`,
      );
    }
  } finally {
    await browser.close();
  }
}

await main();

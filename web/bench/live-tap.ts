/**
 * Tap benchmark (issue 38, `npm run bench -- live`): on the local stack as `npm start` starts it,
 * an umpire's score page at 360 px counts a called match point by point, and a spectator's phone
 * shows the public page of the same day; for each tap on the point counter's +1, the time from the
 * tap to the spectator's page showing the new "live a–b" words (goal: p95 ≤ 1 s). Both pages are
 * in one Chromium (over a bare DevTools pipe, bare-chromium.ts), so the tap and the words are timed
 * on one clock (`performance.timeOrigin + performance.now()`, live-tap-in-page.ts).
 * Baseline, in the same run: the same live PUT sent by a plain `fetch` from the score page for
 * another called match, to the spectator's page showing its words (the service, relay and
 * spectator's page without the counter and its store), on a second stack whose relay sends each
 * live point at once (`LIVE_POINTS_TICK_MS=0`, which `npm start` hands to the relay): on the
 * first stack both pushes wait for the same 300 ms tick, which was most of either figure. Both
 * stacks measure both pushes, each push between two taps, so the run also says how much of the
 * tap's time is the page's (the taps at tick 0) and how much the tick's (the plain push at 300).
 *
 * Run: node --import tsx web/bench/live-tap.ts (or `npm run bench -- live`)
 */
import { PHONE, withoutChromium } from "../test/support/chromium.ts";
import { startStack } from "../test/support/stack.ts";
import { type BareChromium, type BarePage, launchBareChromium } from "./bare-chromium.ts";
import { inSpectator, inUmpire } from "./live-tap-in-page.ts";
import { median, p95 } from "./timings.ts";

const DAY = "open-sat";
const HALL = "Rizal Hall";
/** The match the umpire counts, and the baseline's match. */
const COUNTED = 107;
const PLAIN = 108;
const TAPS = 40;
/**
 * Between a tap and the next; the baseline's push goes at a random point between them, so neither
 * keeps one phase of the relay's 300 ms tick (docs/live-messages.md) through the run.
 */
const SPACING_MS = 300;
const MATCHES = `/v3/days/${DAY}/facilities/${encodeURIComponent(HALL)}/matches`;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** The words the spectator's page shows for `match` at `a`–`b` in game 1. */
const shown = (match: number, [a, b]: readonly [number, number]) => `${match} live ${a}–${b} · game 1`;

const line = (xs: number[]) =>
  `p50 ${median(xs).toFixed(0)} ms  p95 ${p95(xs).toFixed(0)} ms  max ${Math.max(...xs).toFixed(0)} ms`;

/** The taps and the plain pushes on one stack, started with `env` (the relay's tick), each timed to the spectator's words. */
async function onStack(browser: BareChromium, env: Record<string, string>) {
  const run = await startStack({ env });
  try {
    await run.signIn();
    const ok = async (what: string, answer: Promise<{ status: number }>, status = 200) => {
      const got = (await answer).status;
      if (got !== status) throw new Error(`${what} answered ${got}`);
    };
    await ok("going live", run.api("PUT", `/v3/days/${DAY}/visibility`, { isLive: true }));
    await ok("the sync", run.api("POST", `/v3/days/${DAY}/syncs`));
    for (const [match, court] of [
      [COUNTED, "Court 1"],
      [PLAIN, "Court 2"],
    ] as const)
      await ok(`calling ${match}`, run.api("PUT", `${MATCHES}/${match}/call`, { court }));
    const link = await run.api("POST", `/v3/days/${DAY}/scores/scorer-links`, { issuedTo: "Court 1 umpire" });
    if (link.status !== 201) throw new Error(`the scorer link answered ${link.status}`);
    const token = link.body.token as string;

    const spectator = await browser.newPage(PHONE, `${run.stack.pages["public"]}?day=${DAY}`);
    await spectator.waitFor(() =>
      [...document.querySelectorAll(".live-score")].some((s) => s.textContent === "called to Court 2"),
    );
    await spectator.evaluate(inSpectator.watchLiveWords);
    const scoreUrl = `${run.stack.pages["score"]}?${new URLSearchParams({ facility: HALL, match: String(COUNTED) })}`;
    const umpire = await browser.newPage(PHONE, scoreUrl, {
      script: `localStorage.setItem("tournament-ops.scorer-links", ${JSON.stringify(JSON.stringify([token]))})`,
    });
    await umpire.waitFor(() => document.querySelector("button.count-start") !== null);
    await umpire.evaluate(() => (document.querySelector("button.count-start") as HTMLButtonElement).click());
    await spectator.evaluate(inSpectator.shownAt, shown(COUNTED, [0, 0]));
    const seen = `visible: ${await visibility(umpire)}, ${await visibility(spectator)}`;
    const measured = await measure(umpire, spectator, `${run.stack.front}${MATCHES}/${PLAIN}/live`, token);
    const answered = await umpire.evaluate(() => window.plainAnswered ?? []);
    await umpire.close();
    await spectator.close();
    return { ...measured, answered, seen };
  } finally {
    await run.stop();
  }
}

async function main(): Promise<void> {
  if (withoutChromium) {
    console.log(`tap benchmark skipped: ${withoutChromium}`);
    return;
  }
  const browser = await launchBareChromium();
  try {
    // The figure: the stack as `npm start` starts it. The baseline: a stack whose relay sends each
    // live point at once (`LIVE_POINTS_TICK_MS=0`), so it never waits for the 300 ms tick.
    const ticked = await onStack(browser, {});
    const untimed = await onStack(browser, { LIVE_POINTS_TICK_MS: "0" });
    console.log(
      `tap on the score page → the spectator's page shows the new live words, through the local stack (front → service → relay → page), both pages at 360 px (${ticked.seen}):`,
    );
    console.log(
      `  ${TAPS} taps of +1, ${SPACING_MS} ms apart, the relay's 300 ms tick:      ${line(ticked.taps)}  (goal p95 ≤ 1 s)`,
    );
    console.log(`  baseline, the same live PUT by a plain fetch, relay tick 0:  ${line(untimed.plain)}`);
    console.log(
      `  ratio tap/baseline: p50 ${(median(ticked.taps) / median(untimed.plain)).toFixed(2)}x  p95 ${(p95(ticked.taps) / p95(untimed.plain)).toFixed(2)}x`,
    );
    console.log("  where the time goes:");
    console.log(`    the taps with the relay's tick at 0 (the page's own part): ${line(untimed.taps)}`);
    console.log(`    the plain fetch with the 300 ms tick (the tick's part):    ${line(ticked.plain)}`);
    console.log(
      `    the plain PUT answered in (tick 300 / tick 0): ${line(ticked.answered)} / ${line(untimed.answered)}`,
    );
  } finally {
    await browser.close();
  }
}

const visibility = (page: BarePage) => page.evaluate(() => document.visibilityState);

/** The taps, each followed by the baseline's push before the next; each timed to the spectator's words. */
async function measure(umpire: BarePage, spectator: BarePage, plainPath: string, token: string) {
  const taps: number[] = [];
  const plain: number[] = [];
  const points: [number, number] = [0, 0];
  for (let n = 1; n <= TAPS; n++) {
    // Sides in turn, so the game never ends (20–20 after 40 taps).
    const side = n % 2 === 1 ? 1 : 2;
    if (side === 1) points[0]++;
    else points[1]++;
    const tapped = await umpire.evaluate(inUmpire.tap, side);
    const tapShown = spectator.evaluate(inSpectator.shownAt, shown(COUNTED, points));
    const before = 50 + Math.random() * (SPACING_MS - 100);
    await pause(before);
    const baselinePoints: [number, number] = [n, 0];
    const sent = await umpire.evaluate(inUmpire.send, {
      path: plainPath,
      token,
      seq: n,
      points: baselinePoints,
    });
    const plainShown = spectator.evaluate(inSpectator.shownAt, shown(PLAIN, baselinePoints));
    await pause(SPACING_MS - before);
    taps.push((await tapShown) - tapped);
    plain.push((await plainShown) - sent);
  }
  return { taps, plain };
}

await main();

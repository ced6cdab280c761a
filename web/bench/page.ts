/**
 * Page benchmark (issue 19), in Debian's Chromium with the CPU throttled 4× (CDP
 * `Emulation.setCPUThrottlingRate`), on the sync benchmark's day (8 facilities × 300 matches):
 * 1. time from a relay message to the updated screen (the changed score painted) for the shown
 *    300-match facility: a whole snapshot message, and a changes message; beside a baseline measured
 *    in the same page: the same snapshot message parsed and the 300 matches redrawn by hand as one
 *    HTML string (no framework), to the next paint (goal ≤ 50 ms); each page stays in front through
 *    its rounds, as on a phone, the baseline's page taking its turn after them;
 * 2. the same for the public page's courts view and the hall display (issue 28), to the frame
 *    painted after the page handled the message;
 * 3. each page's JavaScript + CSS, gzipped (goal ≤ 40 KB each; web/pages.json lists them).
 * The courts and player views' computation is measured by views.ts.
 * The built pages are served by the local front; a WebSocket server stands in for the relay.
 * Chromium is driven over a bare DevTools pipe (bare-chromium.ts), as a phone runs a page: with
 * DevTools' Network domain on, as Playwright drives a page, Chromium copies each message into a
 * DevTools event between the page's handler and its next frame. The matches view is measured that
 * way too, after the others, and printed beside them as what DevTools adds.
 *
 * Run: node --import tsx web/bench/page.ts (or `npm run bench -- pages`)
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { startFront } from "../../front/src/index.ts";
import { afterOneScore, benchDay } from "../../relay/bench/bench-day.ts";
import { diffSnapshot } from "../../relay/src/changes/index.ts";
import { ensurePages } from "../../scripts/start/pages.mjs";
import type { DaySnapshot } from "../../service/src/features/sync/types.ts";
import { PHONE, withoutChromium } from "../test/support/chromium.ts";
import { type BareChromium, type BarePage, type Device, launchBareChromium } from "./bare-chromium.ts";
import { dataFolder, fakeRelay } from "./bench-serving.ts";
import { inPage, TIME_MESSAGES } from "./in-page.ts";
import { fmt, median } from "./timings.ts";

const WEB = fileURLToPath(new URL("..", import.meta.url));
const WARMUP = 3;
const ROUNDS = 15;
const FACILITIES = 8;

/** The JS and CSS a page's index.html loads, gzipped, in bytes. */
async function gzipSize(dist: string, page: string): Promise<{ js: number; css: number }> {
  const html = await readFile(join(dist, page, "index.html"), "utf8");
  const size = { js: 0, css: 0 };
  for (const [, file] of html.matchAll(/(?:src|href)="\.\.\/(assets\/[^"]+\.(?:js|css))"/g)) {
    const bytes = gzipSync(await readFile(join(dist, file as string)), { level: 9 }).length;
    if ((file as string).endsWith(".js")) size.js += bytes;
    else size.css += bytes;
  }
  return size;
}

/** The days of the measured pushes: each changes one score in Hall 1, the facility on screen. */
function hallOnePushes(count: number): DaySnapshot[] {
  const days = [benchDay()];
  for (let n = 1; n <= count; n++) days.push(afterOneScore(days.at(-1) as DaySnapshot, n * FACILITIES));
  return days;
}

/** The match whose score push `n` changed (bench-day.ts: match 1 + (push × 37) mod 300). */
const changedMatch = (n: number) => 1 + ((n * FACILITIES * 37) % 300);

async function measure(
  page: BarePage,
  relay: { send(text: string): void },
  text: string,
  match: number | undefined,
) {
  const painted =
    match === undefined
      ? page.evaluate(inPage.nextPaintAfterMessage)
      : page.evaluate(inPage.nextPaintOf, match);
  await page.evaluate(inPage.ready);
  relay.send(text);
  return painted;
}

/** A view measured: where it is, what shows it is ready, and whether the changed match's row is awaited. */
interface View {
  name: string;
  path: string;
  device: Device;
  /** True in the page once the view shows (sent to the page as its source). */
  ready(): boolean;
  /** Wait for the changed match's row (the matches view), else for the frame after the message. */
  byRow: boolean;
}

async function main(): Promise<void> {
  if (withoutChromium) {
    console.log(`page benchmark skipped: ${withoutChromium}`);
    return;
  }
  const { dist } = await ensurePages(WEB);
  const pages = JSON.parse(await readFile(join(WEB, "pages.json"), "utf8")) as Array<{ folder: string }>;
  const days = hallOnePushes(2 * (WARMUP + ROUNDS));
  const data = await dataFolder(days[0] as DaySnapshot);
  const relay = await fakeRelay(days[0] as DaySnapshot);
  const front = await startFront({
    pagesDir: dist,
    dataDir: data,
    service: "http://127.0.0.1:9",
    relay: `http://127.0.0.1:${relay.port}`,
    port: 0,
  });
  const origin = `http://127.0.0.1:${front.port}`;
  const views = viewsOf(days[0]?.day as string);
  const browser = await launchBareChromium();
  /** The view's page opened, shown and throttled, its rounds measured, closed. */
  const measureView = async (view: View, network = false) => {
    const opened = relay.nextConnection();
    const page = await browser.newPage(view.device, `${origin}${view.path}`, {
      script: TIME_MESSAGES,
      network,
    });
    try {
      await opened;
      await page.waitFor(view.ready);
      await page.throttle(4);
      return await rounds(page, relay, days, view.byRow);
    } finally {
      await page.close();
    }
  };
  try {
    console.log(`page: relay message → updated screen, Chromium with the CPU throttled 4×`);
    console.log(
      `  day of ${FACILITIES} facilities × 300 matches (${(JSON.stringify(days[0]).length / 1024).toFixed(0)} KB), the shown facility's score changed, ${ROUNDS} rounds after ${WARMUP} warm-up:`,
    );
    let baseline: number[] = [];
    for (const view of views) {
      const { whole, changes, wholeTexts } = await measureView(view);
      if (view === views[0]) baseline = await redrawnByHand(browser, wholeTexts);
      console.log(`  ${view.name}:`);
      console.log(`    whole snapshot message:   ${fmt(whole)}  (goal ≤ 50 ms)`);
      console.log(`    changes message:          ${fmt(changes)}`);
      if (view === views[0]) {
        console.log(
          `    baseline, the same snapshot message parsed and 300 matches redrawn as one HTML string: ${fmt(baseline)}`,
        );
      }
      console.log(`    ratio whole/baseline: median ${(median(whole) / median(baseline)).toFixed(2)}x`);
    }
    const watched = await measureView(views[0] as View, true);
    console.log(
      `  ${views[0]?.name}, with DevTools' Network domain on (as Playwright drives a page; no phone does):`,
    );
    console.log(`    whole snapshot message:   ${fmt(watched.whole)}`);
    console.log(`    changes message:          ${fmt(watched.changes)}`);
    console.log("page size: each page's JavaScript + CSS, gzipped (goal ≤ 40 KB each):");
    for (const { folder } of pages) {
      const size = await gzipSize(dist, folder);
      console.log(
        `  ${folder.padEnd(8)} JavaScript ${(size.js / 1024).toFixed(1)} KB + CSS ${(size.css / 1024).toFixed(1)} KB = ${((size.js + size.css) / 1024).toFixed(1)} KB`,
      );
    }
  } finally {
    await browser.close();
    await front.close();
    relay.close();
    await rm(data, { recursive: true, force: true });
  }
}

const TV = { viewport: { width: 1920, height: 1080 } };

/** The measured views of the bench day `day`. */
const viewsOf = (day: string): View[] => [
  {
    name: "public page, a hall's matches",
    path: `/public/?day=${day}`,
    device: PHONE,
    ready: () =>
      [...document.querySelectorAll("[role=listitem]")].some((row) => row.textContent?.includes("Match 1:")),
    byRow: true,
  },
  {
    name: "public page, a hall's courts",
    path: `/public/?day=${day}&facility=Hall+1&view=courts`,
    device: PHONE,
    ready: () => [...document.querySelectorAll("li.court h3")].some((h) => h.textContent === "Hall 1 1"),
    byRow: false,
  },
  {
    name: "hall display, 1920 × 1080",
    path: `/display/?day=${day}&facility=Hall+1&seconds=120`,
    device: TV,
    ready: () => [...document.querySelectorAll("h1, h2")].some((h) => h.textContent?.startsWith("Courts")),
    byRow: false,
  },
];

/**
 * The pushes measured in the page, whole snapshots and changes messages in turn, after the warm-up.
 * The page stays in front through its rounds, as a phone's page does.
 */
async function rounds(
  page: BarePage,
  relay: { send(text: string): void },
  days: DaySnapshot[],
  byRow: boolean,
) {
  const whole: number[] = [];
  const changes: number[] = [];
  const wholeTexts: string[] = [];
  await page.bringToFront();
  for (let n = 1; n < days.length; n++) {
    const next = days[n] as DaySnapshot;
    const asChanges = n % 2 === 0;
    const seq = n + 1;
    const text = asChanges
      ? JSON.stringify({ type: "changes", seq, changes: diffSnapshot(days[n - 1], next) })
      : JSON.stringify({ type: "snapshot", seq, snapshot: next });
    const ms = await measure(page, relay, text, byRow ? changedMatch(n) : undefined);
    if (Math.ceil(n / 2) > WARMUP) (asChanges ? changes : whole).push(ms);
    if (!asChanges) wholeTexts.push(text);
  }
  return { whole, changes, wholeTexts };
}

/** The baseline, in a page of its own brought to the front: each whole message parsed and redrawn by hand. */
async function redrawnByHand(browser: BareChromium, texts: string[]): Promise<number[]> {
  const plain = await browser.newPage(PHONE, "about:blank");
  await plain.throttle(4);
  await plain.bringToFront();
  const times: number[] = [];
  for (const [i, text] of texts.entries()) {
    const ms = await plain.evaluate(inPage.redrawByHand, text);
    if (i >= WARMUP) times.push(ms);
  }
  await plain.close();
  return times;
}

await main();

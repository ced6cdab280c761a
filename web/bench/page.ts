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
 *
 * Run: node --import tsx web/bench/page.ts (or `npm run bench -- pages`)
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { type WebSocket, WebSocketServer } from "ws";
import { startFront } from "../../front/src/index.ts";
import { afterOneScore, benchDay } from "../../relay/bench/bench-day.ts";
import { diffSnapshot } from "../../relay/src/changes/index.ts";
import { ensurePages } from "../../scripts/start/pages.mjs";
import type { DaySnapshot } from "../../service/src/features/sync/types.ts";
import { launchChromium, PHONE, withoutChromium } from "../test/support/chromium.ts";
import { inPage, TIME_MESSAGES } from "./in-page.ts";

const WEB = fileURLToPath(new URL("..", import.meta.url));
const WARMUP = 3;
const ROUNDS = 15;
const FACILITIES = 8;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] as number;
const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} ms  p95 ${p95(xs).toFixed(1)} ms`;

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

/** A data folder with the bench day published and a registry that lists it, live. */
async function dataFolder(day: DaySnapshot): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "tops-page-bench-"));
  await mkdir(join(dir, "config"), { recursive: true });
  await mkdir(join(dir, day.event, "data"), { recursive: true });
  const registry = {
    version: 1,
    defaults: { matchesSheetName: "CSV", standingsSheetName: "STANDINGSCSV" },
    events: {
      [day.event]: {
        type: "standard",
        title: "Bench Open",
        days: { [day.day]: { label: day.label, date: day.date, isLive: true, facilities: day.facilities } },
      },
    },
  };
  await writeFile(join(dir, "config/events.json"), JSON.stringify(registry));
  await writeFile(join(dir, day.event, "data", `${day.day}.json`), JSON.stringify(day));
  return dir;
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
  page: Page,
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
  device: typeof PHONE | typeof TV;
  ready(page: Page): Promise<void>;
  /** Wait for the changed match's row (the matches view), else for the frame after the message. */
  byRow: boolean;
}

const TV = { viewport: { width: 1920, height: 1080 } };

async function main(): Promise<void> {
  if (withoutChromium) {
    console.log(`page benchmark skipped: ${withoutChromium}`);
    return;
  }
  const { dist } = await ensurePages(WEB);
  const pages = JSON.parse(await readFile(join(WEB, "pages.json"), "utf8")) as Array<{ folder: string }>;
  const days = hallOnePushes(2 * (WARMUP + ROUNDS));
  const data = await dataFolder(days[0] as DaySnapshot);
  const relay = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((done) => relay.once("listening", done));
  let socket: WebSocket | undefined;
  let connected = () => {};
  relay.on("connection", (ws) => {
    socket = ws;
    ws.send(JSON.stringify({ type: "snapshot", seq: 1, snapshot: days[0] }));
    connected();
  });
  const front = await startFront({
    pagesDir: dist,
    dataDir: data,
    service: "http://127.0.0.1:9",
    relay: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    port: 0,
  });
  const origin = `http://127.0.0.1:${front.port}`;
  const day = days[0]?.day as string;
  const views: View[] = [
    {
      name: "public page, a hall's matches",
      path: `/public/?day=${day}`,
      device: PHONE,
      ready: (page) => page.getByRole("listitem").filter({ hasText: "Match 1:" }).waitFor(),
      byRow: true,
    },
    {
      name: "public page, a hall's courts",
      path: `/public/?day=${day}&facility=Hall+1&view=courts`,
      device: PHONE,
      ready: (page) => page.getByRole("listitem", { name: "Hall 1 1" }).waitFor(),
      byRow: false,
    },
    {
      name: "hall display, 1920 × 1080",
      path: `/display/?day=${day}&facility=Hall+1&seconds=120`,
      device: TV,
      ready: (page) => page.getByRole("heading", { name: "Courts" }).waitFor(),
      byRow: false,
    },
  ];
  const browser = await launchChromium();
  try {
    const plain = await (await browser.newContext(PHONE)).newPage();
    await throttle(plain);
    const baseline: number[] = [];
    console.log(`page: relay message → updated screen, Chromium with the CPU throttled 4×`);
    console.log(
      `  day of ${FACILITIES} facilities × 300 matches (${(JSON.stringify(days[0]).length / 1024).toFixed(0)} KB), the shown facility's score changed, ${ROUNDS} rounds after ${WARMUP} warm-up:`,
    );
    for (const view of views) {
      const page = await (await browser.newContext(view.device)).newPage();
      await page.addInitScript({ content: TIME_MESSAGES });
      const opened = new Promise<void>((done) => {
        connected = done;
      });
      await page.goto(`${origin}${view.path}`);
      await opened;
      await view.ready(page);
      await throttle(page);
      const send = { send: (text: string) => (socket as WebSocket).send(text) };
      const whole: number[] = [];
      const changes: number[] = [];
      let seq = 1;
      const wholeTexts: string[] = [];
      // The page stays in front through its rounds, as a phone's page does; the baseline's page
      // takes its turn after them (a page brought back to the front paints all of itself again).
      await page.bringToFront();
      for (let n = 1; n < days.length; n++) {
        const next = days[n] as DaySnapshot;
        const asChanges = n % 2 === 0;
        seq++;
        const text = asChanges
          ? JSON.stringify({ type: "changes", seq, changes: diffSnapshot(days[n - 1], next) })
          : JSON.stringify({ type: "snapshot", seq, snapshot: next });
        const ms = await measure(page, send, text, view.byRow ? changedMatch(n) : undefined);
        const round = Math.ceil(n / 2);
        if (round > WARMUP) (asChanges ? changes : whole).push(ms);
        if (!asChanges) wholeTexts.push(text);
      }
      if (view === views[0]) {
        await plain.bringToFront();
        for (const [i, text] of wholeTexts.entries()) {
          const redraw = await plain.evaluate(inPage.redrawByHand, text);
          if (i >= WARMUP) baseline.push(redraw);
        }
      }
      console.log(`  ${view.name}:`);
      console.log(`    whole snapshot message:   ${fmt(whole)}  (goal ≤ 50 ms)`);
      console.log(`    changes message:          ${fmt(changes)}`);
      if (view === views[0]) {
        console.log(
          `    baseline, the same snapshot message parsed and 300 matches redrawn as one HTML string: ${fmt(baseline)}`,
        );
      }
      console.log(`    ratio whole/baseline: median ${(median(whole) / median(baseline)).toFixed(2)}x`);
      await page.context().close();
    }
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

/** The CPU throttled 4×, as on a phone. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

await main();

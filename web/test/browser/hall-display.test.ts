// The hall display (issue 28) on a 1920 × 1080 TV, in a real Chromium against the stack as
// `npm start` starts it: it turns through its screens by itself, never shows a scrollbar, and
// keeps showing results while the relay is stopped and after it is started again.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { RunningRelay } from "../../../relay/miniflare/start-relay.ts";
import { launchChromium, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { publicSaturday } from "../support/demo-days.ts";
import { startRelayAgain, stopRelay } from "../support/relay-restart.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const TV = { viewport: { width: 1920, height: 1080 } };
/** Long enough that only the test turns the screens (by moving the page's clock on). */
const SECONDS = 120;

/** Nothing scrolls: the document is exactly the screen. */
async function noScrollbar(page: Page, what: string): Promise<void> {
  const sizes = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.scrollHeight,
    innerWidth,
    innerHeight,
  ]);
  assert.deepEqual(sizes.slice(0, 2), sizes.slice(2), `${what}: the document is ${sizes[0]} × ${sizes[1]}`);
}

/** The status line while the display is live. */
const live = (page: Page) => page.getByRole("status").filter({ hasText: /^\s*Live/ });

/** The heading of the screen shown. */
const screenHeading = (page: Page) => page.locator("main h2").first().innerText();

/** Moves the page's clock on, a screen at a time, until `heading` is shown. */
async function turnTo(page: Page, heading: RegExp): Promise<void> {
  for (let turn = 0; turn < 6; turn++) {
    if (heading.test(await screenHeading(page))) return;
    await page.clock.fastForward(SECONDS * 1000);
    await page.waitForTimeout(100);
  }
  assert.match(await screenHeading(page), heading);
}

describe("the hall display on a TV, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let relay: RunningRelay | undefined;
  const uncaught: string[] = [];
  const score = async (day: string, match: number, team1Score: number, team2Score: number) => {
    const saved = await run.api("PUT", `/v3/days/${day}/facilities/Rizal%20Hall/matches/${match}/score`, {
      expected: { team1Score: null, team2Score: null },
      team1Score,
      team2Score,
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
  };

  before(async () => {
    run = await startStack();
    const saturday = await publicSaturday(run);
    browser = await launchChromium();
    context = await browser.newContext(TV);
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    page = await context.newPage();
    await page.clock.install({ time: new Date(`${saturday}T09:40:00+08:00`) });
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await relay?.dispose();
    await run?.stop();
  });

  test("a hall's display turns from its courts to its standings and back by itself, with no scrollbar and nothing for axe-core", async () => {
    await page.goto(`${run.stack.pages["display"]}?day=open-sat&facility=Rizal+Hall&seconds=${SECONDS}`);
    await page.getByRole("heading", { level: 1, name: /Rizal Hall/ }).waitFor();
    await live(page).waitFor();
    const court = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Court 1" }) });
    assert.match(await court.innerText(), /On court[\s\S]*José Ñañez\s+Andrés Báez/i);
    assert.match(await page.getByText(/screen 1 of 2/).innerText(), /Courts · screen 1 of 2/);
    await noScrollbar(page, "the courts");
    assert.deepEqual(await seriousViolations(page), []);

    await page.clock.fastForward(SECONDS * 1000);
    await page.getByRole("heading", { name: "Standings" }).waitFor();
    await page.getByRole("table", { name: "Men's singles · Under 15", exact: true }).waitFor();
    await noScrollbar(page, "the standings");
    assert.deepEqual(await seriousViolations(page), []);
    await page.clock.fastForward(SECONDS * 1000);
    await page.getByRole("heading", { name: "Courts" }).waitFor();
  });

  test("with the relay stopped it shows the published results, and a score saved meanwhile; started again, it is live again by itself", async () => {
    stopRelay(run.stack);
    await page.getByRole("status").filter({ hasText: "Reconnecting · published results" }).waitFor();
    await score("open-sat", 105, 21, 18);
    // The published file is read every 30 s while the relay is away.
    await page.clock.fastForward(30_000);
    const latest = page.getByRole("region", { name: "Latest results" });
    await turnTo(page, /^Courts/);
    await latest.getByRole("listitem").first().filter({ hasText: "José Ñañez" }).waitFor();
    assert.match(
      await latest.getByRole("listitem").first().innerText(),
      /José Ñañez\s+21[\s\S]*Andrés Báez\s+18/,
    );
    await noScrollbar(page, "the courts, from the published file");

    relay = await startRelayAgain(run.stack);
    for (let wait = 0; wait < 4 && !(await live(page).isVisible()); wait++) {
      await page.clock.fastForward(31_000);
      await page.waitForTimeout(500);
    }
    await live(page).waitFor();
    await score("open-sat", 106, 14, 21);
    await turnTo(page, /^Courts/);
    await latest.getByRole("listitem").first().filter({ hasText: "Nicolás Peñaflor" }).waitFor();
    assert.match(
      await latest.getByRole("listitem").first().innerText(),
      /Nicolás Peñaflor\s+14[\s\S]*Ramón Dela Cruz\s+21/,
    );
  });

  test("every hall's display shows the knockout day's draws in turn", async () => {
    const draws = await context.newPage();
    await draws.goto(`${run.stack.pages["display"]}?day=open-ko&seconds=${SECONDS}`);
    await draws.getByRole("heading", { name: "Courts" }).waitFor();
    await turnTo(draws, /^Draw · Men's singles · Under 19/);
    const semis = draws.getByRole("region", { name: "Semi-finals" });
    assert.match(await semis.innerText(), /Adrián Bautista\s+Matías Quiñones/);
    await noScrollbar(draws, "a draw");
    assert.deepEqual(await seriousViolations(draws), []);
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});

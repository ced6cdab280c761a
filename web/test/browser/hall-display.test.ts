// The hall display (issue 28) on a 1920 × 1080 TV, in a real Chromium against the stack as
// `npm start` starts it: it turns through its screens by itself, never shows a scrollbar, and
// keeps showing results while the relay is stopped and after it is started again.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
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

/**
 * What a person 8 m away could not read on the screen shown: a text under 32 px, a score smaller
 * than the names beside it, a line cut (wider than its box and not ending in "…"), or a text
 * reaching past a box that clips it (a court's card, the screen). Visually hidden words are for
 * screen readers and left out.
 */
function unreadable(page: Page): Promise<string[]> {
  // No function is named in here: the test's compiler would wrap it in a helper the page lacks.
  return page.evaluate(() => {
    const found: Array<[Element, string]> = [];
    const walker = document.createTreeWalker(document.querySelector(".tv") as Element, NodeFilter.SHOW_TEXT);
    const boxes = new Set<Element>();
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || (node.textContent ?? "").trim() === "" || parent.closest(".visually-hidden"))
        continue;
      if (parent.getClientRects().length === 0) continue;
      const size = getComputedStyle(parent).fontSize;
      if (Number.parseFloat(size) < 32) found.push([parent, `${size} text`]);
      // The box the text is laid out in: the element itself, or the block around an inline one.
      let box: Element = parent;
      while (getComputedStyle(box).display === "inline" && box.parentElement !== null)
        box = box.parentElement;
      boxes.add(box);
    }
    for (const box of boxes) {
      if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).textOverflow !== "ellipsis")
        found.push([box, "cut at its side"]);
      const rect = box.getBoundingClientRect();
      for (let up = box.parentElement; up !== null; up = up.parentElement) {
        const clip = getComputedStyle(up);
        if (clip.overflowX === "visible" && clip.overflowY === "visible") continue;
        const edge = up.getBoundingClientRect();
        if (rect.bottom > edge.bottom + 1 || rect.right > edge.right + 1 || rect.top < edge.top - 1)
          found.push([box, `past the edge of <${up.tagName.toLowerCase()} class="${up.className}">`]);
      }
    }
    for (const side of document.querySelectorAll(".side")) {
      const [score, name] = [".score", ".name"].map((part) =>
        Number.parseFloat(getComputedStyle(side.querySelector(part) ?? side).fontSize),
      );
      if ((score as number) < (name as number))
        found.push([side, `a ${score} px score beside ${name} px names`]);
    }
    return found.map(
      ([element, what]) =>
        `${what}: <${element.tagName.toLowerCase()} class="${element.className}"> "${(element.textContent ?? "").trim().slice(0, 40)}"`,
    );
  });
}

/** The status line while the display is live. */
const live = (page: Page) => page.getByRole("status").filter({ hasText: /^\s*Live/ });

/** The heading of the screen shown. */
const screenHeading = (page: Page) => page.locator("main h2").first().innerText();

/** Moves the page's clock on, a screen at a time, until `heading` is shown. */
async function turnTo(page: Page, heading: RegExp): Promise<void> {
  const which = page.locator(".tv-foot .which");
  for (let turn = 0; turn < 6; turn++) {
    if (heading.test(await screenHeading(page))) return;
    const shown = await which.innerText();
    await page.clock.fastForward(SECONDS * 1000);
    // Each turn waits for the next screen to be drawn ("screen 2 of 3"), not for a moment: on a
    // loaded machine a screen not yet drawn would be read, and the next turn would pass the one sought.
    await page.waitForFunction(
      (before) => document.querySelector(".tv-foot .which")?.textContent !== before,
      shown,
      { timeout: 60_000 },
    );
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
  let saturday: string;
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
    saturday = await publicSaturday(run);
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
    assert.match(await court.innerText(), /On court[\s\S]*José Ñañez\s+v\s+Andrés Báez/i);
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
    // Past each reconnect's backoff on the page's clock, then the socket's answer is waited for: the
    // line says Live once it opened (a try that failed has the next backoff to move past).
    for (let wait = 0; wait < 4 && !(await live(page).isVisible()); wait++) {
      await page.clock.fastForward(31_000);
      await live(page)
        .waitFor({ timeout: 10_000 })
        .catch(() => {});
    }
    await live(page).waitFor({ timeout: 60_000 });
    await score("open-sat", 106, 14, 21);
    await turnTo(page, /^Courts/);
    await latest.getByRole("listitem").first().filter({ hasText: "Nicolás Peñaflor" }).waitFor();
    assert.match(
      await latest.getByRole("listitem").first().innerText(),
      /Nicolás Peñaflor\s+14[\s\S]*Ramón Dela Cruz\s+21/,
    );
  });

  test("issue 35 L2: an address naming no hall of the day shows none of its text and says so plainly", async () => {
    const tv = await context.newPage();
    const words = "RIZAL HALL CLOSED - ALL MATCHES MOVED";
    await tv.goto(
      `${run.stack.pages["display"]}?day=open-sat&facility=${encodeURIComponent(words)}&seconds=${SECONDS}`,
    );
    const message = tv.locator(".tv-message").filter({ hasText: "names no hall of" });
    await message.waitFor();
    assert.match(await message.innerText(), /its halls: Rizal Hall/);
    const heading = await tv.getByRole("heading", { level: 1 }).innerText();
    assert.doesNotMatch(heading, /CLOSED/, "the address's text is no heading");
    assert.doesNotMatch(await tv.locator(".tv").innerText(), /CLOSED/, "nor anywhere on the screen");
    assert.equal(await tv.locator("main h2").count(), 0, "no screen of any hall");
    await noScrollbar(tv, "the message");
    assert.deepEqual(await seriousViolations(tv), []);
    await tv.screenshot({ path: "/tmp/h35f-l2-display.png" });
    await tv.close();
  });

  test("every hall's display shows the knockout day's draws in turn", async () => {
    const draws = await context.newPage();
    await draws.goto(`${run.stack.pages["display"]}?day=open-ko&seconds=${SECONDS}`);
    await draws.getByRole("heading", { name: "Courts" }).waitFor();
    await turnTo(draws, /^Draw · Men's singles · Under 19/);
    const semis = draws.getByRole("region", { name: "Semi-finals" });
    assert.match(await semis.innerText(), /Adrián Bautista\s+Matías Quiñones/);
    await noScrollbar(draws, "a draw");
    assert.deepEqual(await unreadable(draws), [], "a draw");
    assert.deepEqual(await seriousViolations(draws), []);
  });

  test("issue 37 row 3: a doubles day read from 8 m: every text at least 32 px, scores as large as names, a v between the pairs, nothing cut, the standings filling the screen", async () => {
    const tv = await context.newPage();
    await tv.clock.install({ time: new Date(`${saturday}T09:40:00+08:00`) });
    await tv.goto(`${run.stack.pages["display"]}?day=open-sat&facility=Annex+Court&seconds=${SECONDS}`);
    await live(tv).waitFor();
    await tv.getByRole("heading", { name: "Latest results" }).waitFor();
    const count = Number((await tv.getByText(/screen 1 of \d+/).innerText()).match(/of (\d+)/)?.[1]);
    assert.equal(count, 2, "the courts, then the standings");
    // The courts: each pair a player to a line, a "v" between the pairs, the next match's too.
    const courts = tv.locator(".tv-court");
    assert.equal(await courts.count(), 4);
    const lines = async (part: Locator) => (await part.innerText()).replace(/\n+/g, "\n").trim();
    for (const court of await courts.all()) {
      assert.match(await lines(court.locator(".on-court")), /^.+\n[^\n/]+\n[^\n/]+\nv\n[^\n/]+\n[^\n/]+$/);
      assert.match(await lines(court.locator(".next")), /^NEXT · .+\n.+ \/ .+\nv .+ \/ .+$/);
    }
    assert.deepEqual(await unreadable(tv), [], "the courts");
    await noScrollbar(tv, "the courts");

    await tv.clock.fastForward(SECONDS * 1000);
    await tv.getByRole("heading", { name: "Standings" }).waitFor();
    assert.deepEqual(await unreadable(tv), [], "the standings");
    const [filled, rows] = await tv.evaluate(() => {
      const area = (document.querySelector(".tv-columns") as Element).getBoundingClientRect();
      const tables = [...document.querySelectorAll(".tv-columns table")].map((t) =>
        t.getBoundingClientRect(),
      );
      const lowest = Math.max(...tables.map((t) => t.bottom));
      const heights = [...document.querySelectorAll(".tv-columns tbody tr")].map(
        (r) => r.getBoundingClientRect().height,
      );
      return [(lowest - area.top) / area.height, Math.min(...heights)];
    });
    assert.ok(filled > 0.9, `the tables fill ${Math.round(filled * 100)} % of the screen's height`);
    assert.ok(rows > 100, `a row of two players is ${rows} px tall`);
    await noScrollbar(tv, "the standings");
    await tv.close();
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});

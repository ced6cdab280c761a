// What a spectator's phone shows (issue 28), in a real Chromium at 360 × 740 against the stack as
// `npm start` starts it: the courts view as scores arrive, a player found without accents and
// followed across a reload, standings ranked by the written rule, the demo's knockout draw with a
// winner carried forward, each at the screen's width (every view of every day at 320 and 360 px:
// page-widths.test.ts), and axe-core clean on each.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { DESKTOP, launchChromium, PHONE, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { publicSaturday } from "../support/demo-days.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

/** The layout viewport is the screen's width: nothing lays the page out wider than the phone. */
async function fitsTheScreen(page: Page, what: string): Promise<void> {
  const [layout, screen] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  assert.equal(layout, screen, `${what}: laid out ${layout} px wide on a ${screen} px screen`);
}

/** Counts layout shifts from now on. */
async function watchShifts(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const shifts = { total: 0 };
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
        shifts.total += entry.value;
    }).observe({ type: "layout-shift" });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total);
}

/** The rows of a standings table as "rank name". */
async function tableOrder(table: Locator): Promise<string[]> {
  const rows = await table.locator("tbody tr").all();
  return Promise.all(
    rows.map(async (row) => {
      const rank = (await row.locator("td.rank").innerText()).trim();
      return `${rank} ${(await row.locator("th").innerText()).trim()}`;
    }),
  );
}

describe("a spectator's phone, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let saturday: string;
  const uncaught: string[] = [];
  /** Saves a score of the Saturday's Rizal Hall as its umpire would. */
  const score = async (match: number, team1Score: number, team2Score: number) => {
    const saved = await run.api("PUT", `/v3/days/open-sat/facilities/Rizal%20Hall/matches/${match}/score`, {
      expected: { team1Score: null, team2Score: null },
      team1Score,
      team2Score,
    });
    assert.equal(saved.status, 200, `match ${match}: ${JSON.stringify(saved.body)}`);
  };

  before(async () => {
    run = await startStack();
    saturday = await publicSaturday(run);
    browser = await launchChromium();
    context = await browser.newContext(PHONE);
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    page = await context.newPage();
    // 09:40 in Manila on the Saturday: the 09:30 matches are on court.
    await page.clock.install({ time: new Date(`${saturday}T09:40:00+08:00`) });
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await run?.stop();
  });

  test("a player found without accents: their page with the match they are on court for; followed, still followed after a reload", async () => {
    await page.goto(`${run.stack.pages["public"]}?day=open-sat`);
    await page.getByRole("status").filter({ hasText: "Live" }).waitFor();
    await fitsTheScreen(page, "the day of three halls");
    await page.getByLabel("Find a player").fill("jose nanez");
    const found = page.getByRole("list", { name: "Players found" }).getByRole("link");
    await found.first().waitFor();
    assert.deepEqual(await found.allInnerTexts(), ["José Ñañez\nMen's singles · Under 15"]);
    assert.deepEqual(await seriousViolations(page), []);
    await found.first().click();
    await page.getByRole("heading", { level: 2, name: "José Ñañez" }).waitFor();
    assert.match(page.url(), /player=jose\+nanez/);
    await page.getByText("On court now · 09:30 · Court 1 · Rizal Hall").waitFor();
    await page.getByText("against Andrés Báez").first().waitFor();
    await fitsTheScreen(page, "a player's page");
    assert.deepEqual(await seriousViolations(page), []);

    await page.getByRole("button", { name: "Follow José Ñañez" }).click();
    await page.reload();
    await page.getByRole("button", { name: "Stop following José Ñañez" }).waitFor();
    await page.getByRole("link", { name: "Back to the day" }).click();
    const mine = page.getByRole("region", { name: "My players" });
    await mine.getByRole("link", { name: /José Ñañez/ }).waitFor();
    assert.match(await mine.innerText(), /On court now · 09:30 · Court 1 · Rizal Hall/);
    await fitsTheScreen(page, "the day with My players");
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("the courts view shows the match on each court; a score takes it off, marked and announced without moving anything; the next comes on at its time", async () => {
    await page.getByRole("button", { name: "Courts" }).click();
    const court = page.getByRole("listitem", { name: "Court 1" });
    await court.waitFor();
    assert.match(
      await court.innerText(),
      /On court\s+09:30 · Men's singles · Under 15 · Group · R2[\s\S]*José Ñañez v Andrés Báez/i,
    );
    assert.match(await court.innerText(), /Next[\s\S]*10:00[\s\S]*José Ñañez v Ramón Dela Cruz/i);
    assert.match(
      await page.getByRole("listitem", { name: "Court 4" }).innerText(),
      /Inés Gómez v Zoë Santiago/,
    );
    await fitsTheScreen(page, "the courts view");
    assert.deepEqual(await seriousViolations(page), []);

    const boxes = await Promise.all(
      ["Court 1", "Court 2"].map((name) => page.getByRole("listitem", { name }).boundingBox()),
    );
    const shifted = await watchShifts(page);
    await score(105, 10, 21);
    await court.getByText("Next match at 10:00.").waitFor();
    assert.match(await court.innerText(), /Last result\s+José Ñañez 10\s+Andrés Báez 21/i);
    assert.equal(await court.locator(".last.fresh").count(), 1, "the new result is marked");
    await page
      .locator("[aria-live=polite]")
      .filter({ hasText: "New score, Rizal Hall, Court 1: José Ñañez 10, Andrés Báez 21." })
      .waitFor();
    assert.deepEqual(
      await Promise.all(
        ["Court 1", "Court 2"].map((name) => page.getByRole("listitem", { name }).boundingBox()),
      ),
      boxes,
    );
    assert.equal(await shifted(), 0);
    await page.getByRole("button", { name: "Matches" }).click();
    const row = page.getByRole("listitem").filter({ hasText: "Match 105:" });
    assert.equal(await row.locator(".fresh").count(), 1, "marked in the matches too");
    await page.getByRole("button", { name: "Courts" }).click();

    await page.clock.fastForward("21:00");
    await court.getByText("On court", { exact: true }).waitFor();
    assert.match(await court.innerText(), /On court\s+10:00[\s\S]*José Ñañez v Ramón Dela Cruz/i);
  });

  test("standings ranked by the written rule: three tied on wins by point difference, two tied by their match", async () => {
    // Men: José, Andrés and Nicolás each win two (a circle), Ramón none; Andrés +15, Nicolás +9, José −7.
    for (const [match, a, b] of [
      [106, 21, 12],
      [109, 21, 19],
      [110, 19, 21],
      // Women: Zoë beats María and Lucía beats Inés, each against the better point difference.
      [107, 21, 5],
      [108, 21, 19],
      [111, 19, 21],
      [112, 21, 19],
    ] as const)
      await score(match, a, b);
    await page.getByRole("button", { name: "Standings" }).click();
    const men = page.getByRole("region", { name: "Men's singles · Under 15 standings", exact: true });
    await men.getByText("+15").waitFor();
    assert.deepEqual(await tableOrder(men), [
      "1 Andrés Báez",
      "2 Nicolás Peñaflor",
      "3 José Ñañez",
      "4 Ramón Dela Cruz",
    ]);
    const women = page.getByRole("region", { name: "Women's singles · Under 15 standings", exact: true });
    assert.deepEqual(await tableOrder(women), [
      "1 Zoë Santiago",
      "2 María Peña",
      "3 Lucía Fernández",
      "4 Inés Gómez",
    ]);
    const legend = page.getByRole("complementary", { name: "How the tables are ranked" });
    assert.match(await legend.innerText(), /Two tied: the winner of their match/);
    assert.match(await legend.innerText(), /PF points for · PA points against/);
    await fitsTheScreen(page, "the standings");
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("the demo's knockout day as a bracket, a round at a time on the phone; a winner carried to the next round as the score is saved", async () => {
    await page.goto(`${run.stack.pages["public"]}?day=open-ko&view=draw`);
    const women = page.getByRole("region", { name: "Women's singles · Under 19 draw", exact: true });
    const semis = women.getByRole("region", { name: "Semi-finals" });
    await semis.waitFor();
    const men = page.getByRole("region", { name: "Men's singles · Under 19 draw", exact: true });
    assert.match(
      await men.getByRole("region", { name: "Semi-finals" }).innerText(),
      /Adrián Bautista\s+–\s+Matías Quiñones/,
    );
    assert.match(await semis.getByRole("listitem").first().innerText(), /Winner QF1\s+–\s+Winner QF2/);
    const scroller = await women.evaluate((bracket) => [bracket.scrollWidth, bracket.clientWidth]);
    assert.ok(
      (scroller[0] as number) > (scroller[1] as number),
      "the rounds scroll sideways inside the page",
    );
    await fitsTheScreen(page, "the draw");
    assert.deepEqual(await seriousViolations(page), []);

    const saved = await run.api("PUT", "/v3/days/open-ko/facilities/Rizal%20Hall/matches/505/score", {
      expected: { team1Score: null, team2Score: null },
      team1Score: 21,
      team2Score: 12,
    });
    assert.equal(saved.status, 200);
    await semis.getByRole("listitem").first().filter({ hasText: "Mónica Yáñez" }).waitFor();
    assert.match(await semis.getByRole("listitem").first().innerText(), /Mónica Yáñez\s+–\s+Winner QF2/);

    const laptop = await browser.newContext(DESKTOP);
    const wide = await laptop.newPage();
    await wide.goto(`${run.stack.pages["public"]}?day=open-ko&view=draw`);
    const whole = wide.getByRole("region", { name: "Women's singles · Under 19 draw", exact: true });
    await whole.getByRole("region", { name: "Final", exact: true }).waitFor();
    const [content, box] = await whole.evaluate((bracket) => [bracket.scrollWidth, bracket.clientWidth]);
    assert.equal(content, box, "on a laptop the whole bracket shows");
    assert.deepEqual(await seriousViolations(wide), []);
    await laptop.close();
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});

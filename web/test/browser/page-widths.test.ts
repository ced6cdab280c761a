// Issue 37, row 9: every page lays out no wider than the phone, at 320 and 360 px, on every view of
// every day of the demo: the public page (the event list, each day of each event, each hall, each
// view, a player's page, My players, a day not open yet), the hall display opened on a phone, the
// desk and score pages from their links, the registry reference, and the console (sign-in, the day
// picker, each screen of each day, none saying score entry is off). One Chromium page walks them
// all on the stack as `npm start` starts it, checking each place at both widths (the viewport
// narrowed in place, nothing loaded twice).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, PHONE, withoutChromium } from "../support/chromium.ts";
import { publicSaturday } from "../support/demo-days.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

/** Narrowed to 320 px, then back to the phone's own 360, where the next place is opened. */
const WIDTHS = [320, PHONE.viewport.width] as const;

/**
 * What is wider than a phone `screen` px wide: the document, and its widest elements. (Measured
 * against the phone's width, not `innerWidth`: a phone's browser widens its layout viewport to a
 * page wider than the screen.)
 */
async function tooWide(page: Page, screen: number): Promise<string | undefined> {
  return page.evaluate((screen) => {
    const layout = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (layout <= screen) return undefined;
    // Not what is inside a box that scrolls sideways (a row of tabs): it widens nothing.
    // (No function is named in here: the test's compiler would wrap it in a helper the page lacks.)
    const widest = [...document.querySelectorAll("body *")]
      .map((element) => {
        let held = false;
        for (let up = element.parentElement; up !== null && up !== document.body; up = up.parentElement)
          held ||= ["auto", "scroll"].includes(getComputedStyle(up).overflowX);
        return { element, held, right: element.getBoundingClientRect().right + scrollX };
      })
      .filter(({ held, right }) => right > screen + 0.5 && !held)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ element, right }) => {
        const text = (element.textContent ?? "").trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()} class="${element.className}"> to ${Math.round(right)} px "${text}"`;
      });
    return `laid out ${layout} px wide on a ${screen} px phone: ${widest.join("; ")}`;
  }, screen);
}

describe("every page at 320 and 360 px, on every view and day of the demo", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let registry: {
    events: Record<string, { days: Record<string, { date: string; label: string }> }>;
  };
  const uncaught: string[] = [];
  /** Every place found wider than the phone, with the widths it was. */
  const wide: string[] = [];
  let checked = 0;
  /** Checks the page as it is now at both widths, which leaves it at 360 px. */
  const check = async (what: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: PHONE.viewport.height });
      // Laid out again at the new width before it is measured.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(undefined))));
      const problem = await tooWide(page, width);
      if (problem !== undefined) wide.push(`${what} at ${width} px: ${problem}`);
    }
    checked++;
  };
  /** The day's dates, for the clock: ten minutes after its first matches went on. */
  const duringDay = (day: string) => {
    const date = Object.values(registry.events).find((event) => day in event.days)?.days[day]?.date;
    return new Date(`${date}T${day === "open-ko" ? "13:40" : "09:40"}:00+08:00`);
  };

  before(async () => {
    run = await startStack();
    await publicSaturday(run);
    registry = await (await fetch(`${run.stack.front}/config/events.json`)).json();
    browser = await launchChromium();
    context = await browser.newContext(PHONE);
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    page = await context.newPage();
    await page.clock.install({ time: duringDay("open-sat") });
    // A doubles player and a singles player followed: My players shows on every day page.
    await page.addInitScript(() =>
      localStorage.setItem(
        "tournament-ops.followed-players",
        JSON.stringify([
          { key: "julian castaneda", name: "Julián Castañeda" },
          { key: "jose nanez", name: "José Ñañez" },
        ]),
      ),
    );
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await run?.stop();
  });

  test("the public page: the event list, every day not yet open and open, each hall, each view, a player's page", async () => {
    const publicPage = run.stack.pages["public"] as string;
    await page.goto(publicPage);
    await page.getByRole("heading", { name: "Manila Junior & Open Badminton Championships" }).waitFor();
    await check("the event list");
    await page.goto(`${publicPage}?day=open-sun`);
    await page
      .getByText(/Results for .* appear here|not open|not public/i)
      .first()
      .waitFor();
    await check("a day not open yet");
    for (const [day, visible] of [
      ["open-sun", { isLive: true }],
      ["dual-sat", { isLive: true }],
      ["cup-sun", { isLive: true }],
    ] as const) {
      assert.equal((await run.api("PUT", `/v3/days/${day}/visibility`, visible)).status, 200);
      assert.equal((await run.api("POST", `/v3/days/${day}/syncs`)).status, 200);
    }
    for (const event of Object.values(registry.events)) {
      for (const day of Object.keys(event.days)) {
        await page.clock.setSystemTime(duringDay(day));
        await page.goto(`${publicPage}?day=${day}`);
        const views = page.getByRole("group", { name: "Show" }).getByRole("button");
        await views.first().waitFor();
        const halls = page.getByRole("tablist", { name: "Halls" }).getByRole("tab");
        const hallCount = Math.max(1, await halls.count());
        for (let hall = 0; hall < hallCount; hall++) {
          if (hallCount > 1) await halls.nth(hall).click();
          const hallName = hallCount > 1 ? await halls.nth(hall).innerText() : "its hall";
          const viewCount = await views.count();
          for (let view = 0; view < viewCount; view++) {
            const button = views.nth(view);
            await button.click();
            await page.locator("fieldset.views button[aria-pressed=true]").nth(0).waitFor();
            await check(`${day}, ${hallName}, ${await button.innerText()}`);
          }
        }
      }
    }
    await page.clock.setSystemTime(duringDay("open-sat"));
    for (const player of ["julian castaneda", "jose nanez"]) {
      await page.goto(`${publicPage}?day=open-sat&player=${encodeURIComponent(player)}`);
      await page.getByRole("button", { name: /Stop following/ }).waitFor();
      await check(`${player}'s page`);
    }
  });

  test("the hall display opened on a phone, the desk page and the score page from their links, the registry reference", async () => {
    // Now, not on the demo's weekend: a scorer link lasts a day from when it is issued.
    await page.clock.setSystemTime(Date.now());
    await page.goto(`${run.stack.pages["display"]}?day=open-sat&facility=Annex+Court`);
    await page.getByRole("link", { name: "open the live results" }).waitFor();
    await check("the hall display on a phone");

    const desk = await run.api("POST", "/v3/days/open-sat/attendance/desk-links", { issuedTo: "Front desk" });
    assert.equal(desk.status, 201, JSON.stringify(desk.body));
    await page.goto(`${run.stack.pages["desk"]}#${desk.body.token}`);
    await page.getByRole("heading", { level: 1, name: "Which hall is this desk at?" }).waitFor();
    await check("the desk page's choice of hall");
    await page.getByRole("button", { name: "Annex Court" }).click();
    await page.getByRole("checkbox").first().waitFor();
    await check("the desk page's list");

    const scorer = await run.api("POST", "/v3/days/open-sat/scores/scorer-links", {
      issuedTo: "Court 2 umpire",
    });
    assert.equal(scorer.status, 201, JSON.stringify(scorer.body));
    await page.goto(`${run.stack.pages["score"]}#${scorer.body.token}`);
    await page.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
    await check("the score page's day");
    await page.goto(`${run.stack.pages["score"]}?facility=Annex+Court&match=205`);
    await page.getByRole("heading", { level: 1, name: "Match 205" }).waitFor();
    await page.getByRole("textbox").first().waitFor();
    await check("the score page's doubles match");

    await page.goto(`${run.stack.front}/registry/#event-scoreEntry`);
    await page.locator("tr:target").waitFor();
    await check("the registry reference");
  });

  test("the console: sign-in, the day picker, and each screen of each day", async () => {
    const consolePage = run.stack.pages["console"] as string;
    await page.goto(consolePage);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await check("the console's sign-in");
    await page.getByLabel("Username").fill("operator");
    await page.getByLabel("Password").fill(run.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Choose the day to run" }).waitFor();
    await check("the console's day picker");
    for (const event of Object.values(registry.events)) {
      for (const [day, { label }] of Object.entries(event.days)) {
        await page.goto(`${consolePage}?day=${day}`);
        await page.getByRole("heading", { level: 1, name: label }).waitFor();
        const screens = page.getByRole("navigation", { name: "This day" }).getByRole("link");
        for (let screen = 0; screen < (await screens.count()); screen++) {
          const link = screens.nth(screen);
          await link.click();
          await page.locator(".views-nav [aria-current=page]").waitFor();
          await page.locator("main h2").first().waitFor();
          await check(`the console's ${day}, ${await link.innerText()}`);
        }
        // Every event of the demo has the settings a real one has: score entry is on for each.
        assert.equal(await page.getByText("Score entry is off").count(), 0, `${day}: score entry is off`);
      }
    }
    // A match opened for its score, as a phone at the control desk opens it.
    await page.goto(`${consolePage}?day=open-sat`);
    await page
      .getByRole("navigation", { name: "This day" })
      .getByRole("link", { name: "Scores", exact: true })
      .click();
    await page.getByLabel("Match number, court or player").fill("205");
    await page.getByLabel("Match number, court or player").press("Enter");
    await page.locator("#score-heading").waitFor();
    await check("the console's score form for a doubles match");
  });

  test("nothing was wider than the phone, and no page error was thrown along the way", () => {
    assert.ok(checked > 40, `only ${checked} places were walked`);
    assert.deepEqual(wide, []);
    assert.deepEqual(uncaught, []);
  });
});

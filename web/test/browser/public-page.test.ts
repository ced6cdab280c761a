// The public day page in a real Chromium at phone size, against the stack started as `npm start`
// starts it: everything through the front, as a spectator's phone reaches it.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, PHONE, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const MANILA_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Manila",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The list item of match `number`, found by its words as a screen reader hears them. */
const matchRow = (page: Page, number: number) =>
  page.getByRole("listitem").filter({ hasText: `Match ${number}:` });

describe("the public day page in Chromium, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const uncaught: string[] = [];
  let saturday: string;

  before(async () => {
    run = await startStack();
    await run.signIn();
    const registry = await (await fetch(`${run.stack.front}/config/events.json`)).json();
    saturday = registry.events["junior-open"].days["open-sat"].date;
    browser = await launchChromium();
    context = await browser.newContext(PHONE);
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));
    page = await context.newPage();
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await run?.stop();
  });

  test("the event list shows each event's title and its days by date, with no serious accessibility violation", async () => {
    await page.goto(run.stack.pages["public"] as string);
    await page.getByRole("heading", { name: "Manila Junior & Open Badminton Championships" }).waitFor();
    const days = await page.getByRole("link").allInnerTexts();
    const open = days.filter((text) => text.includes("Group stage"));
    assert.deepEqual(
      open.map((text) => text.split("\n")[0]),
      ["Saturday · Group stage", "Sunday · Group stage"],
    );
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("before its date (Asia/Manila) an `auto` day says when it opens instead of showing results", async () => {
    const friday = new Date(Date.parse(`${saturday}T10:00:00+08:00`) - 86_400_000);
    await page.clock.setFixedTime(friday);
    await page.goto(`${run.stack.pages["public"]}?day=open-sat`);
    await page.getByText(/open on Saturday \d+ \w+ at 00:00/).waitFor();
    assert.equal(await page.getByRole("listitem").filter({ hasText: "Match 101:" }).count(), 0);
    assert.deepEqual(await seriousViolations(page), []);
    await page.close();
    page = await context.newPage();
  });

  test("opened before the day is synced, the page shows the scores once the day is synced, without reloading", async () => {
    assert.equal((await run.api("PUT", "/v3/days/open-sat/visibility", { isLive: true })).status, 200);
    await page.goto(`${run.stack.pages["public"]}?day=open-sat`);
    await page.getByText("No results have been published for this day yet").waitFor();
    await page.getByRole("status").filter({ hasText: "Live" }).waitFor();

    const sync = await run.api("POST", "/v3/days/open-sat/syncs");
    assert.equal(sync.status, 200);
    const row = matchRow(page, 101);
    await row.waitFor();
    assert.match(await row.innerText(), /José Ñañez\s+22[\s\S]*Nicolás Peñaflor\s+20/);
    assert.match((await row.textContent()) ?? "", /22 \(winner\)/);
    const updated = MANILA_CLOCK.format(new Date(sync.body.snapshot.generatedAt));
    await page.getByText(`updated ${updated}`).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("a score saved through the API appears on the page without reloading, and nothing on the page moves", async () => {
    const link = await run.api("POST", "/v3/days/open-sat/scores/scorer-links", {
      issuedTo: "Court 1 umpire",
    });
    assert.equal(link.status, 201);
    const row = matchRow(page, 105);
    assert.match(await row.innerText(), /–/);
    const before = await row.boundingBox();
    await page.evaluate(() => {
      const shifts = { total: 0 };
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
          shifts.total += entry.value;
      }).observe({ type: "layout-shift" });
    });
    const saved = await run.api(
      "PUT",
      "/v3/days/open-sat/facilities/Rizal%20Hall/matches/105/score",
      { expected: { team1Score: null, team2Score: null }, team1Score: 21, team2Score: 15 },
      link.body.token,
    );
    assert.equal(saved.status, 200);
    await row.filter({ hasText: "21 (winner)" }).waitFor();
    assert.match(await row.innerText(), /21[\s\S]*15/);
    assert.deepEqual(await row.boundingBox(), before);
    assert.equal(
      await page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total),
      0,
    );
  });

  test("the keyboard moves between halls with the arrow keys, and each hall shows its own matches", async () => {
    await page.getByRole("tab", { name: "Rizal Hall" }).focus();
    await page.keyboard.press("ArrowRight");
    const annex = page.getByRole("tab", { name: "Annex Court" });
    assert.equal(await annex.getAttribute("aria-selected"), "true");
    assert.equal(await annex.evaluate((tab) => tab === document.activeElement), true);
    await matchRow(page, 201).waitFor();
    assert.equal(await matchRow(page, 101).count(), 0);
    await page.keyboard.press("ArrowRight");
    await page.getByText("Overflow Gym does not publish results.").waitFor();
    await page.keyboard.press("Home");
    await matchRow(page, 101).waitFor();
    await page.getByRole("button", { name: "Standings" }).click();
    await page.getByRole("region", { name: /Men's singles · Under 15 standings/ }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByRole("button", { name: "Matches" }).click();
  });

  test("with the relay stopped, the page falls back to the published file, with its time and a retry", async () => {
    const workerd = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(run.stack.pid)], {
      encoding: "utf8",
    })
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .find(([, command]) => command === "workerd")?.[0];
    assert.ok(workerd, "the stack runs workerd");
    process.kill(Number(workerd), "SIGKILL");
    await page
      .getByRole("status")
      .filter({ hasText: "Live updates unavailable: published results" })
      .waitFor();
    const retry = page.getByRole("button", { name: "Retry" });
    await retry.waitFor();

    const link = await run.api("POST", "/v3/days/open-sat/scores/scorer-links", {});
    const saved = await run.api(
      "PUT",
      "/v3/days/open-sat/facilities/Rizal%20Hall/matches/106/score",
      { expected: { team1Score: null, team2Score: null }, team1Score: 19, team2Score: 21 },
      link.body.token,
    );
    assert.equal(saved.status, 200);
    const published = await (await fetch(`${run.stack.front}/junior-open/data/open-sat.json`)).json();
    await retry.click();
    await matchRow(page, 106).filter({ hasText: "21 (winner)" }).waitFor();
    await page.getByText(`updated ${MANILA_CLOCK.format(new Date(published.generatedAt))}`).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});

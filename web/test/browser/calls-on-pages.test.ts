// Calls and live points on the pages (issue 38, items 4 and 5), in a real Chromium on the stack as
// `npm start` starts it: the operator calls a match to a court through the route; the hall display
// on a 1920 × 1080 TV puts the call up large (the court and the match, nothing under 32 px), and the
// desk page on a 360 px phone lists it under "Called to court". A live point then shows as "live …"
// on a spectator's phone, on the courts view and on a followed player's card; a followed player's
// phone, its page in the background, is notified of the call moved to another court, once; with
// "Calls aloud" on, the display reads a call aloud once, and with it off, nothing.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, PHONE, seriousViolations, withoutChromium } from "../support/chromium.ts";
import { publicSaturday } from "../support/demo-days.ts";
import { notified, putAway, shownNotifications } from "../support/phone-notifications.ts";
import { workerReady } from "../support/service-worker.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const TV = { viewport: { width: 1920, height: 1080 } };
const MATCHES = "/v3/days/open-sat/facilities/Rizal%20Hall/matches";
/** The demo's 09:30 match on Court 1 of Rizal Hall: José Ñañez v Andrés Báez. */
const MATCH = 105;
/** Where the pictures for docs/pages.md go (looked at by hand, copied into docs/pages/). */
const SHOTS = join(process.env["TMPDIR"] ?? "/tmp", "calls-on-pages-shots");

/** The texts under 32 px inside `selector`, as "size: text". */
function smallTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector(root) as Element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || (node.textContent ?? "").trim() === "" || parent.closest(".visually-hidden"))
        continue;
      if (parent.getClientRects().length === 0) continue;
      const size = Number.parseFloat(getComputedStyle(parent).fontSize);
      if (size < 32) found.push(`${size}: ${(node.textContent ?? "").trim()}`);
    }
    return found;
  }, selector);
}

/** The layout viewport is the screen's width. */
async function fitsTheScreen(page: Page, what: string): Promise<void> {
  const [layout, screen] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  assert.equal(layout, screen, `${what}: laid out ${layout} px wide on a ${screen} px screen`);
}

describe("calls and live points on the pages, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let tv: BrowserContext;
  let phone: BrowserContext;
  let display: Page;
  let saturday: string;
  const uncaught: string[] = [];
  const watch = (context: BrowserContext) =>
    context.on("page", (opened) => opened.on("pageerror", (error) => uncaught.push(error.message)));

  before(async () => {
    run = await startStack();
    saturday = await publicSaturday(run);
    await mkdir(SHOTS, { recursive: true });
    browser = await launchChromium();
    tv = await browser.newContext(TV);
    phone = await browser.newContext(PHONE);
    watch(tv);
    watch(phone);
    display = await tv.newPage();
    // 09:40 in Manila on the Saturday: the 09:30 matches are due on court.
    await display.clock.install({ time: new Date(`${saturday}T09:40:00+08:00`) });
  });

  after(async () => {
    await tv?.close();
    await phone?.close();
    await browser?.close();
    await run?.stop();
  });

  test("a match called through the route goes up large on the hall display at 1920 × 1080: the court and the match, nothing under 32 px", async () => {
    await display.goto(`${run.stack.pages["display"]}?day=open-sat&facility=Rizal+Hall&seconds=120`);
    await display.getByRole("heading", { level: 1, name: /Rizal Hall/ }).waitFor();
    await display
      .getByRole("status")
      .filter({ hasText: /^\s*Live/ })
      .waitFor();
    assert.equal(await display.locator(".tv-calls").count(), 0, "no call before the operator calls");

    const called = await run.api("PUT", `${MATCHES}/${MATCH}/call`, { court: "Court 1" });
    assert.equal(called.status, 200, JSON.stringify(called.body));
    const call = display.locator(".tv-call");
    await call.waitFor();
    assert.match(
      await call.innerText(),
      /^Call\s+Court 1 — match 105\s+Ñañez v Báez\s+please come to Court 1$/i,
    );
    assert.deepEqual(await smallTexts(display, ".tv-calls"), []);
    const heading = await call.locator(".call-heading").evaluate((el) => getComputedStyle(el).fontSize);
    assert.ok(Number.parseFloat(heading) >= 64, `the court and match in ${heading} type`);
    assert.deepEqual(await seriousViolations(display), []);
    await display.screenshot({ path: join(SHOTS, "display-call-tv.png") });

    // It stays up a minute, then the rotation shows again.
    await display.clock.fastForward(61_000);
    await call.waitFor({ state: "detached" });
  });

  test("the desk page at 360 px lists the call under Called to court, with each player", async () => {
    const link = await run.api("POST", "/v3/days/open-sat/attendance/desk-links", {
      issuedTo: "Front desk",
      note: "Rizal Hall",
    });
    assert.equal(link.status, 201, JSON.stringify(link.body));
    const desk = await phone.newPage();
    await desk.goto(`${run.stack.pages["desk"]}#${link.body.token}`);
    await desk.getByRole("heading", { level: 1, name: "Rizal Hall" }).waitFor();
    const list = desk.getByRole("region", { name: "Called to court" });
    await list.waitFor();
    const item = list.getByRole("listitem").filter({ hasText: `match ${MATCH}` });
    assert.match(
      await item.innerText(),
      /Court 1 · match 105 · called \d\d:\d\d\s+José Ñañez \(not checked in\) v Andrés Báez \(not checked in\)/,
    );
    await fitsTheScreen(desk, "the desk with a call");
    assert.deepEqual(await seriousViolations(desk), []);
    await desk.screenshot({ path: join(SHOTS, "desk-called-phone.png") });
    await desk.close();
  });

  test("a live point shows as live on a spectator's phone at 360 px: on the courts view and on a followed player's card", async () => {
    const page = await phone.newPage();
    await page.clock.install({ time: new Date(`${saturday}T09:40:00+08:00`) });
    await page.goto(`${run.stack.pages["public"]}?day=open-sat&player=jose+nanez`);
    await page.getByRole("heading", { level: 2, name: "José Ñañez" }).waitFor();
    await page.getByRole("button", { name: "Follow José Ñañez" }).click();
    await page.getByRole("link", { name: "Back to the day" }).click();
    const mine = page.getByRole("region", { name: "My players" });
    await mine.getByText("called to Court 1").waitFor();

    const live = await run.api("PUT", `${MATCHES}/${MATCH}/live`, {
      seq: 1,
      team1Points: 3,
      team2Points: 1,
      game: 1,
    });
    assert.equal(live.status, 200, JSON.stringify(live.body));
    await mine.getByText("live 3–1 · game 1").waitFor();
    await fitsTheScreen(page, "My players with a live score");

    await page.getByRole("button", { name: "Courts" }).click();
    const court = page.getByRole("listitem", { name: "Court 1" });
    await court.getByText("live 3–1 · game 1").waitFor();
    assert.match(await court.innerText(), /José Ñañez v Andrés Báez/);
    // The next point redraws it.
    const next = await run.api("PUT", `${MATCHES}/${MATCH}/live`, {
      seq: 2,
      team1Points: 3,
      team2Points: 2,
      game: 1,
    });
    assert.equal(next.status, 200, JSON.stringify(next.body));
    await court.getByText("live 3–2 · game 1").waitFor();
    await fitsTheScreen(page, "the courts view with a live score");
    assert.deepEqual(await seriousViolations(page), []);
    await page.screenshot({ path: join(SHOTS, "public-live-phone.png") });
    await page.close();
  });

  test("a followed player's phone, its page in the background, gets the call's notification once: a move is a new one, a live point says nothing", async () => {
    // Its own phone, notifications allowed, its clock left as it is (not the day's 09:40).
    const follower = await browser.newContext(PHONE);
    watch(follower);
    await follower.grantPermissions(["notifications"], {
      origin: new URL(run.stack.pages["public"] as string).origin,
    });
    const page = await follower.newPage();
    await page.goto(`${run.stack.pages["public"]}?day=open-sat&player=jose+nanez`);
    await page.getByRole("button", { name: "Follow José Ñañez" }).click();
    await workerReady(page);
    await page.getByRole("link", { name: "Back to the day" }).click();
    await page.getByText(/^While this page is open, you are notified/).waitFor();
    await putAway(page, true);

    const moved = await run.api("PUT", `${MATCHES}/${MATCH}/call`, { court: "Court 2" });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const title = "Court 2 now: match 105";
    const [call, ...again] = (await notified(page, title)).filter((shown) => shown.title === title);
    assert.match(call?.body ?? "", /^José Ñañez · Rizal Hall · .+ · against Andrés Báez$/);
    assert.deepEqual(again, []);

    const live = await run.api("PUT", `${MATCHES}/${MATCH}/live`, {
      seq: 3,
      team1Points: 4,
      team2Points: 2,
      game: 1,
    });
    assert.equal(live.status, 200, JSON.stringify(live.body));
    const row = page.getByRole("listitem").filter({ hasText: `Match ${MATCH}:` });
    await row.getByText("live 4–2 · game 1").waitFor();
    assert.deepEqual(
      await shownNotifications(page),
      [call],
      "the same notification, never shown again (its timestamp would be later)",
    );
    await follower.close();
  });

  test("with Calls aloud on, the hall display reads a call aloud once; with it off, nothing", async () => {
    const aloudTv = await browser.newContext(TV);
    watch(aloudTv);
    // Each utterance the page speaks is recorded, and still handed to the browser's own speech.
    await aloudTv.addInitScript(SPEECH_RECORDER);
    const page = await aloudTv.newPage();
    await page.goto(`${run.stack.pages["display"]}?day=open-sat&facility=Rizal+Hall`);
    await page
      .getByRole("status")
      .filter({ hasText: /^\s*Live/ })
      .waitFor();
    const spoken = () => page.evaluate(() => (window as { spoken?: string[] }).spoken ?? []);
    const call = async (match: number, court: string) => {
      const called = await run.api("PUT", `${MATCHES}/${match}/call`, { court });
      assert.equal(called.status, 200, JSON.stringify(called.body));
      await page
        .locator(".tv-call")
        .filter({ hasText: `${court} — match ${match}` })
        .waitFor();
    };
    await page.getByRole("button", { name: "Calls aloud: off" }).click();
    await page.getByRole("button", { name: "Calls aloud: on" }).waitFor();
    await call(106, "Court 3");
    await page.waitForFunction(() => ((window as { spoken?: string[] }).spoken ?? []).length > 0);
    assert.deepEqual(await spoken(), [
      `Court 3, match 106: ${await sidesSaid(page)}. Please come to Court 3.`,
    ]);

    await page.getByRole("button", { name: "Calls aloud: on" }).click();
    await page.getByRole("button", { name: "Calls aloud: off" }).waitFor();
    await call(107, "Court 4");
    assert.equal((await spoken()).length, 1, "nothing more read aloud with the toggle off");
    await aloudTv.close();
    assert.deepEqual(uncaught, []);
  });
});

/**
 * Records each utterance given to `speechSynthesis.speak` in `window.spoken`, and forwards it to
 * the browser's own speech when it has one (a page script: the test runner's compiler would name
 * a function passed from here).
 */
const SPEECH_RECORDER = `(() => {
  window.spoken = [];
  const real = window.speechSynthesis;
  const forward = real ? real.speak.bind(real) : undefined;
  const record = (utterance) => {
    window.spoken.push(utterance.text);
    if (forward) forward(utterance);
  };
  if (real) real.speak = record;
})();`;

/** The players of the call up on the display, as the speech says them ("Cruz and Reyes, versus Tan"). */
async function sidesSaid(page: Page): Promise<string> {
  const players = await page.locator(".tv-call .call-players").first().innerText();
  const [one, two] = players.split(" v ") as [string, string];
  return `${one.replaceAll(" / ", " and ")}, versus ${two.replaceAll(" / ", " and ")}`;
}

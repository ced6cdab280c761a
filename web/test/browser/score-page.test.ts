// The umpire's score page in a real Chromium at phone size (360 × 740, touch), against the stack
// started as `npm start` starts it: a scorer link opened once and kept, a score entered that shows
// on the public page, a conflicting save, and the links that no longer work.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import jsQR from "jsqr";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { renderPage } from "../../../service/test/support/scoresheet-pdf.ts";
import {
  launchChromium,
  PHONE,
  reportingContext,
  seriousViolations,
  withoutChromium,
} from "../support/chromium.ts";
import { liveSaturday, matchAddress, scorerLink } from "../support/score-stack.ts";
import { type RunningStack, startStack } from "../support/stack.ts";

const SCORE = "/v3/days/open-sat/facilities/Rizal%20Hall/matches/";
const isSave = (request: Request) => request.method() === "PUT" && request.url().includes(SCORE);
/** The list item of match `number` on the public page, found by its words as a screen reader hears them. */
const publicRow = (page: Page, number: number) =>
  page.getByRole("listitem").filter({ hasText: `Match ${number}:` });
const scoreBox = (page: Page, name: RegExp) => page.getByRole("textbox", { name });
/** Side 1's or side 2's score input of the match page (its only two text boxes). */
const side = (page: Page, n: 1 | 2) => page.getByRole("textbox").nth(n - 1);

describe("the score page in Chromium, on the stack as `npm start` starts it", () => {
  if (withoutChromium) {
    test("in Chromium", { skip: withoutChromium }, () => {});
    return;
  }
  let run: RunningStack;
  let browser: Browser;
  let umpire: BrowserContext;
  let page: Page;
  let scorerToken: string;
  const uncaught: string[] = [];
  const saves: Request[] = [];
  const matchUrl = (match: number) => matchAddress(run, match);

  before(async () => {
    run = await startStack();
    await liveSaturday(run);
    scorerToken = await scorerLink(run, "Court 3 umpire");
    browser = await launchChromium();
    umpire = await reportingContext(browser, PHONE, uncaught, (request) => {
      if (isSave(request)) saves.push(request);
    });
    page = await umpire.newPage();
  });

  after(async () => {
    await umpire?.close();
    await browser?.close();
    await run?.stop();
  });

  test("a scoresheet's QR code, printed by the stack, opens its match; without a kept link the page asks for the scorer link first", async () => {
    const form = new FormData();
    form.set("csv", new Blob(["matchNumber,facility\n107,Rizal Hall\n"], { type: "text/csv" }), "day.csv");
    const printed = await fetch(`${run.stack.front}/v3/scoresheets`, { method: "POST", body: form });
    assert.equal(printed.status, 200);
    const sheet = await renderPage(new Uint8Array(await printed.arrayBuffer()), 1);
    const scanned = jsQR(sheet.data, sheet.width, sheet.height)?.data;
    assert.equal(scanned, matchUrl(107), "the code opens the score page at match 107 through the front");
    await page.goto(scanned);
    await page.getByRole("heading", { name: "Open today’s scorer link" }).waitFor();
    await page.getByText("After that, match 107 of Rizal Hall opens here").waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByLabel("Paste your scorer link").fill(`${run.stack.front}/score/#${scorerToken}`);
    await page.getByRole("button", { name: "Open" }).tap();
    await page.getByRole("heading", { level: 1, name: "Match 107" }).waitFor();
    await page.getByText("Scorer link: Court 3 umpire").waitFor();
    await page.getByText("On the sheet: no score").waitFor();
  });

  test("the phone keeps the link: opened from its fragment once, the address keeps no token and the next sheet opens directly", async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${run.stack.pages["score"]}#${scorerToken}`);
    await page.getByRole("heading", { level: 1, name: "Enter scores" }).waitFor();
    assert.equal(new URL(page.url()).hash, "", "the token is not left in the address");
    await page.getByRole("link", { name: /Match 101/ }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    const next = await umpire.newPage();
    await next.goto(matchUrl(107));
    await next.getByRole("heading", { level: 1, name: "Match 107" }).waitFor();
    await next.close();
  });

  test("a score entered with the big buttons is saved with the on-screen sheet values as expected, and shows on the public page", async () => {
    const spectators = await reportingContext(browser, PHONE, uncaught);
    const spectator = await spectators.newPage();
    try {
      await spectator.goto(`${run.stack.pages["public"]}?day=open-sat`);
      await publicRow(spectator, 107).waitFor();
      await page.goto(matchUrl(107));
      await page.getByText("On the sheet: no score").waitFor();
      const one = scoreBox(page, /^María Peña/);
      await one.fill("20");
      await page.getByRole("button", { name: "One point more for María Peña" }).tap();
      await scoreBox(page, /^Lucía Fernández/).fill("18");
      assert.equal(await one.inputValue(), "21");
      const answered = page.waitForResponse((response) => isSave(response.request()));
      await page.getByRole("button", { name: "Save score" }).tap();
      assert.equal((await answered).status(), 200);
      assert.deepEqual(saves.at(-1)?.postDataJSON(), {
        expected: { team1Score: null, team2Score: null },
        team1Score: 21,
        team2Score: 18,
      });
      await page.getByText("Saved: 21–18. It is on the live results now.").waitFor();
      await page.getByText("On the sheet: 21–18").waitFor();
      await publicRow(spectator, 107).filter({ hasText: "21 (winner)" }).waitFor();
      assert.match(await publicRow(spectator, 107).innerText(), /21[\s\S]*18/);
    } finally {
      await spectators.close();
    }
  });

  test("a save that meets a changed sheet shows `current`; keeping mine saves over it with current as expected", async () => {
    await page.goto(matchUrl(108));
    await page.getByText("On the sheet: no score").waitFor();
    await side(page, 1).fill("21");
    await side(page, 2).fill("19");
    // Someone else saves the match meanwhile (the control desk, as the operator).
    const meanwhile = await run.api("PUT", `${SCORE}108/score`, {
      expected: { team1Score: null, team2Score: null },
      team1Score: 15,
      team2Score: 21,
    });
    assert.equal(meanwhile.status, 200);
    const refused = page.waitForResponse((response) => isSave(response.request()));
    await page.getByRole("button", { name: "Save score" }).tap();
    assert.equal((await refused).status(), 409);
    const conflict = page.getByRole("alert").filter({ hasText: "The sheet changed before your save" });
    await conflict.waitFor();
    assert.match(await conflict.innerText(), /The sheet now holds 15–21; yours is 21–19\./);
    assert.deepEqual(await seriousViolations(page), []);

    const saved = page.waitForResponse((response) => isSave(response.request()));
    await page.getByRole("button", { name: "Keep mine (21–19)" }).tap();
    assert.equal((await saved).status(), 200);
    assert.deepEqual(saves.at(-1)?.postDataJSON().expected, { team1Score: 15, team2Score: 21 });
    await page.getByText("Saved: 21–19.").waitFor();
  });

  test("taking the sheet's score puts `current` on screen, and the next save sends it as expected", async () => {
    await page.goto(matchUrl(109));
    await page.getByText("On the sheet: no score").waitFor();
    await side(page, 1).fill("21");
    await side(page, 2).fill("7");
    await run.api("PUT", `${SCORE}109/score`, {
      expected: { team1Score: null, team2Score: null },
      team1Score: 21,
      team2Score: 9,
    });
    await page.getByRole("button", { name: "Save score" }).tap();
    await page.getByRole("button", { name: "Take the sheet’s (21–9)" }).tap();
    await page.getByText("On the sheet: 21–9").waitFor();
    assert.equal(await side(page, 2).inputValue(), "9");
    await side(page, 2).fill("10");
    const saved = page.waitForResponse((response) => isSave(response.request()));
    await page.getByRole("button", { name: "Save score" }).tap();
    assert.equal((await saved).status(), 200);
    assert.deepEqual(saves.at(-1)?.postDataJSON(), {
      expected: { team1Score: 21, team2Score: 9 },
      team1Score: 21,
      team2Score: 10,
    });
  });

  test("score entry switched to the control desk offers no form; a link that no longer works says what to do", async () => {
    assert.equal(
      (await run.api("PUT", "/v3/events/junior-open/score-entry", { scoreEntry: "console" })).status,
      200,
    );
    try {
      await page.goto(matchUrl(110));
      await page.getByRole("heading", { name: "The control desk enters scores today" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Save score" }).count(), 0);
    } finally {
      await run.api("PUT", "/v3/events/junior-open/score-entry", { scoreEntry: "links" });
    }
    // A link the service no longer accepts (its signature does not verify, as after a key change).
    const [payload] = scorerToken.split(".");
    await page.evaluate(
      (token) => localStorage.setItem("tournament-ops.scorer-links", JSON.stringify([token])),
      `${payload}.AAAA`,
    );
    await page.goto(matchUrl(110));
    await side(page, 1).fill("21");
    await side(page, 2).fill("11");
    await page.getByRole("button", { name: "Save score" }).tap();
    await page.getByRole("heading", { name: "Open today’s scorer link" }).waitFor();
    await page
      .getByText(/This scorer link has expired or is no longer valid, so the score was not saved/)
      .waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("tournament-ops.scorer-links")), null);
  });

  test("no page error was thrown along the way", () => {
    assert.deepEqual(uncaught, []);
  });
});
